#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer SSBO { float a; vec4 b; mat4 c; float a1; vec4 b1; mat4 c1; };
layout(set = 0, binding = 1, std430) buffer SSBO2 { vec4 out_data[2]; };
void main() {
    a *= a1;
    b *= b1;
    c *= c1;
    c1[2] -= b;
    c1[3].yw += vec2(0.5, 0.25);
    vec4 v;
    v.x = 10.0; v.y = 30.0; v.z = 70.0; v.w = 90.0;
    out_data[1] = v;
    out_data[1].y = 20.0;
    out_data[0].wx = v.yz;
}
