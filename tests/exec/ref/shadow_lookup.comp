#version 450
layout(local_size_x = 8) in;
struct Sample { vec3 to_surface; float reference; vec2 uv; int cascade; float pad; };
layout(set = 0, binding = 0) uniform samplerCubeShadow point_map;
layout(set = 0, binding = 2) uniform sampler2DArrayShadow cascades;
layout(set = 0, binding = 4, std430) readonly buffer B4 { Sample samples[]; };
layout(set = 0, binding = 5, std430) buffer B5 { vec2 result[]; };
void main() {
    Sample s = samples[gl_GlobalInvocationID.x];
    float p = textureGrad(point_map, vec4(s.to_surface, s.reference), vec3(0.0), vec3(0.0));
    float c = textureGrad(cascades, vec4(s.uv, float(s.cascade), s.reference), vec2(0.0), vec2(0.0));
    result[gl_GlobalInvocationID.x] = vec2(p, c);
}
