#version 450
layout(set = 0, binding = 1) uniform sampler2D samplerposition;
layout(set = 0, binding = 3) uniform sampler2D samplerNormal;
layout(set = 0, binding = 5) uniform sampler2D samplerAlbedo;
layout(location = 0) in vec2 inUV;
layout(location = 0) out vec4 outFragcolor;
struct Light { vec4 position; vec3 color; float radius; };
layout(std140, set = 0, binding = 7) uniform UBO { Light lights[6]; vec4 viewPos; int displayDebugTarget; } ubo;
void main() {
    vec3 fragPos = texture(samplerposition, inUV).rgb;
    vec3 normal = texture(samplerNormal, inUV).rgb;
    vec4 albedo = texture(samplerAlbedo, inUV);
    if (ubo.displayDebugTarget > 0) {
        vec3 rgb = ubo.displayDebugTarget == 1 ? fragPos : ubo.displayDebugTarget == 2 ? normal : ubo.displayDebugTarget == 3 ? albedo.rgb : albedo.aaa;
        outFragcolor = vec4(rgb, 1.0);
        return;
    }
    vec3 fragcolor = vec3(0.0);
    for (int i = 0; i < 6; ++i) {
        vec3 L = ubo.lights[i].position.xyz - fragPos;
        float dist = length(L);
        vec3 V = normalize(ubo.viewPos.xyz - fragPos);
        L = normalize(L);
        float atten = ubo.lights[i].radius / (pow(dist, 2.0) + 1.0);
        vec3 N = normalize(normal);
        float NdotL = max(0.0, dot(N, L));
        vec3 R = reflect(-L, N);
        float NdotR = max(0.0, dot(R, V));
        fragcolor += ubo.lights[i].color * albedo.rgb * NdotL * atten + ubo.lights[i].color * albedo.a * pow(NdotR, 16.0) * atten;
    }
    outFragcolor = vec4(fragcolor, 1.0);
}
