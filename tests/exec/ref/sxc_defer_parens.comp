#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer SSBO { vec4 data; int index; };
layout(set = 0, binding = 1, std430) buffer O { vec4 outv[5]; };
void main() {
    vec4 d = data;
    outv[0] = vec4(d.x, d.yz + 10.0, d.w);
    outv[1] = d + d + d;
    outv[2] = (d.yz + 10.0).xxyy;
    float t = (d.yz + 10.0).y;
    outv[3] = vec4(t);
    t = (d.zw + 10.0)[index];
    t += (-d).wzyx[index + 1];
    outv[4] = vec4(t, (d * 2.0).w, vec2(d.xy - 1.0).yx);
    data = vec4(-(d.x - d.y), (d.x * d.y) - d.z, -d.zw);
}
