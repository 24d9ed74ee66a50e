#version 450

layout(location = 0) in vec3 world;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 3) in float view_depth;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform cascades_block {
    mat4 view_proj[4];
    vec4 splits;
    vec4 poisson[8];
    vec3 light_pos;
    float light_far;
    vec2 texel;
    float filter_radius;
    int cascade_count;
} cascades;
layout(set = 0, binding = 2) uniform textureCube point_map;
layout(set = 0, binding = 3) uniform samplerShadow shadow_sampler;
layout(set = 0, binding = 4) uniform sampler2D albedo;

float point_shadow(vec3 world_1) {
    vec3 to_frag = world_1 - cascades.light_pos;
    float depth = length(to_frag) / cascades.light_far;
    float texel = texture(samplerCubeShadow(point_map, shadow_sampler), vec4(normalize(to_frag), depth - 0.005));
    return texel;
}

void main() {
    vec4 base = texture(albedo, uv);
    uint coverage = uint(clamp(base.w, 0.0, 1.0) * 4.0 + 0.5);
    uint m = uint(gl_SampleMaskIn[0]) & ((1u << (coverage & 31u)) - 1u);
    if (m == 0u) {
        discard;
    }
    vec3 n = gl_FrontFacing ? normal : -normal;
    float shade = max(dot(normalize(n), normalize(cascades.light_pos - world)), 0.0);
    float point_shadow_1 = point_shadow(world);
    color = vec4(base.xyz * shade * point_shadow_1, 1.0);
    gl_FragDepth = gl_FragCoord.z * 0.999;
    gl_SampleMask[0] = int(m);
}
