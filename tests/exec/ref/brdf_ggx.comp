#version 450
layout(local_size_x = 4) in;
const float PI = 3.14159265358979;
struct Light { vec3 direction; float intensity; vec3 color; float pad; };
struct Sample { vec3 normal; float roughness; vec3 view; float metallic; vec4 albedo; };
layout(set = 0, binding = 0, std140) uniform L { Light lights[2]; };
layout(set = 0, binding = 1, std430) readonly buffer S { Sample samples[]; };
layout(set = 0, binding = 2, std430) buffer R { vec4 radiance[]; };
void main() {
    Sample s = samples[gl_GlobalInvocationID.x];
    vec3 n = normalize(s.normal), v = normalize(s.view);
    vec3 total = vec3(0.0);
    for (int i = 0; i < 2; i++) {
        vec3 l = normalize(-lights[i].direction);
        vec3 h = normalize(l + v);
        vec3 f0 = mix(vec3(0.04), s.albedo.rgb, s.metallic);
        float a = s.roughness * s.roughness, a2 = a * a;
        float nh = max(dot(n, h), 0.0);
        float dd = nh * nh * (a2 - 1.0) + 1.0;
        float D = a2 / (PI * dd * dd);
        float k = (s.roughness + 1.0) * (s.roughness + 1.0) / 8.0;
        float nv = max(dot(n, v), 0.0), nl = max(dot(n, l), 0.0);
        float G = nv / (nv * (1.0 - k) + k) * (nl / (nl * (1.0 - k) + k));
        vec3 F = f0 + (vec3(1.0) - f0) * pow(1.0 - max(dot(h, v), 0.0), 5.0);
        vec3 spec = F * (D * G / max(4.0 * nv * nl, 0.0001));
        vec3 kd = (vec3(1.0) - F) * (1.0 - s.metallic);
        total += (kd * s.albedo.rgb / PI + spec) * lights[i].color * (lights[i].intensity * nl);
    }
    radiance[gl_GlobalInvocationID.x] = vec4(total, s.albedo.a);
}
