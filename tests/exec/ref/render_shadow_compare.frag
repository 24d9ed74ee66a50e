#version 450
layout(set = 0, binding = 0) uniform sampler2DShadow shadow_map;
layout(set = 0, binding = 2) uniform sampler2DArrayShadow cascades;
layout(set = 0, binding = 4) uniform samplerCubeShadow point_shadow;
layout(set = 0, binding = 6, std140) uniform P { float reference; float cascade_reference; float cube_reference; int cascade; } params;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
const vec3 CUBE_DIRS[4] = vec3[4](vec3(1.0, 0.1, 0.2), vec3(-1.0, 0.2, -0.1), vec3(0.1, -0.2, 1.0), vec3(-0.2, 0.1, -1.0));
void main() {
    int column = int(gl_FragCoord.x);
    float lit = texture(shadow_map, vec3(uv, params.reference));
    float cascade = texture(cascades, vec4(uv, float(params.cascade), params.cascade_reference));
    float point = texture(point_shadow, vec4(CUBE_DIRS[column], params.cube_reference));
    color = vec4(lit, cascade, point, 1.0);
}
