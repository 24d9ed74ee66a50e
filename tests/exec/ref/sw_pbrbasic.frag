#version 450
layout(location = 0) in vec3 inWorldPos;
layout(location = 1) in vec3 inNormal;
layout(std140, set = 0, binding = 0) uniform UBO { mat4 projection; mat4 model; mat4 view; vec3 camPos; } ubo;
layout(std140, set = 0, binding = 1) uniform UBOShared { vec4 lights[4]; } uboParams;
layout(push_constant) uniform PushConsts {
    layout(offset = 12) float roughness; layout(offset = 16) float metallic;
    layout(offset = 20) float r; layout(offset = 24) float g; layout(offset = 28) float b;
} material;
layout(location = 0) out vec4 outColor;
const float PI = 3.14159265359;
vec3 BRDF(vec3 L, vec3 V, vec3 N, float metallic, float roughness) {
    vec3 H = normalize(V + L);
    float nv = clamp(dot(N, V), 0.0, 1.0), nl = clamp(dot(N, L), 0.0, 1.0), nh = clamp(dot(N, H), 0.0, 1.0);
    vec3 color = vec3(0.0);
    if (nl > 0.0) {
        float a = roughness * roughness, a2 = a * a, den = nh * nh * (a2 - 1.0) + 1.0;
        float D = a2 / (PI * den * den);
        float rr = max(0.05, roughness) + 1.0, k = rr * rr / 8.0;
        float G = nl / (nl * (1.0 - k) + k) * (nv / (nv * (1.0 - k) + k));
        vec3 F0 = mix(vec3(0.04), vec3(material.r, material.g, material.b), metallic);
        vec3 F = F0 + (1.0 - F0) * pow(1.0 - nv, 5.0);
        color += D * F * G / (4.0 * nl * nv) * nl;
    }
    return color;
}
void main() {
    vec3 N = normalize(inNormal);
    vec3 V = normalize(ubo.camPos - inWorldPos);
    vec3 Lo = vec3(0.0);
    for (int i = 0; i < 4; i++) Lo += BRDF(normalize(uboParams.lights[i].xyz - inWorldPos), V, N, material.metallic, material.roughness);
    vec3 color = vec3(material.r, material.g, material.b) * 0.02 + Lo;
    outColor = vec4(pow(color, vec3(0.4545)), 1.0);
}
