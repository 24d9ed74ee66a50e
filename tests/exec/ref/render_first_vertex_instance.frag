#version 450
layout(location = 0) flat in uvec2 ids;
layout(location = 0) out uint vid;
layout(location = 1) out uint iid;
layout(location = 2) out float w;
void main() {
    if (uint(gl_FragCoord.y) / 2u != ids.y % 2u) {
        discard;
    }
    vid = ids.x;
    iid = ids.y;
    w = gl_FragCoord.w;
}
