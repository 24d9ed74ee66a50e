#version 450
layout(location = 0) in vec2 uv;
layout(location = 1) flat in int tri;
layout(location = 2) noperspective in float np;
layout(location = 0) out vec4 color;
layout(location = 1) out float coord;
layout(location = 2) out int tri_out;
void main() {
    if (gl_FragCoord.x < 1.0) discard;
    color = vec4(uv, np, gl_FragCoord.w);
    coord = gl_FragCoord.x + 10.0 * gl_FragCoord.y;
    tri_out = tri * 3;
}
