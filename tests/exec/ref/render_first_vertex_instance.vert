#version 450
layout(location = 0) flat out uvec2 ids;
void main() {
    uint vid = uint(gl_VertexIndex);
    uint c = vid % 3u;
    vec2 p = vec2(float((c << 1u) & 2u), float(c & 2u));
    gl_Position = vec4(p * 4.0 - 2.0, 1.0, 2.0);
    ids = uvec2(vid, uint(gl_InstanceIndex));
}
