#version 450
layout(location = 0) in vec2 uv;
layout(location = 1) noperspective in vec3 screen;
layout(location = 2) flat in float layer;
layout(location = 5) flat in ivec2 ids;
layout(location = 6) flat in uint mask;
layout(location = 7) in vec4 weight;
layout(location = 0) out vec4 persp;
layout(location = 1) out vec4 misc;
layout(location = 2) out ivec4 ints;
void main() {
    persp = vec4(uv, weight.w, gl_FragCoord.w);
    misc = vec4(screen.x, screen.y, layer, gl_FragCoord.z);
    ints = ivec4(ids, int(mask), int(gl_FragCoord.x));
}
