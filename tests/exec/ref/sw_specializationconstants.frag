#version 450
layout(set = 0, binding = 1) uniform sampler2D samplerColormap;
layout(location = 0) in vec3 inNormal;
layout(location = 1) in vec3 inColor;
layout(location = 2) in vec2 inUV;
layout(location = 3) in vec3 inViewVec;
layout(location = 4) in vec3 inLightVec;
layout(location = 0) out vec4 outFragColor;
layout(constant_id = 0) const int LIGHTING_MODEL = 0;
layout(constant_id = 1) const float PARAM_TOON_DESATURATION = 0.0;
void main() {
    vec4 texel = texture(samplerColormap, inUV);
    vec3 N = normalize(inNormal), L = normalize(inLightVec), V = normalize(inViewVec);
    if (LIGHTING_MODEL == 0) {
        vec3 R = reflect(-L, N);
        outFragColor = vec4(inColor * 0.25 + max(dot(N, L), 0.0) * inColor * 1.75 + pow(max(dot(R, V), 0.0), 32.0) * vec3(0.75), 1.0);
    } else if (LIGHTING_MODEL == 1) {
        float intensity = dot(N, L);
        vec3 color = inColor * (intensity > 0.98 ? 1.5 : intensity > 0.9 ? 1.0 : intensity > 0.5 ? 0.6 : intensity > 0.25 ? 0.4 : 0.2);
        color = mix(color, vec3(dot(vec3(0.2126, 0.7152, 0.0722), color)), PARAM_TOON_DESATURATION);
        outFragColor = vec4(color, 1.0);
    } else {
        vec4 color = texel.rrra;
        vec3 R = reflect(-L, N);
        outFragColor = vec4(color.rgb * 0.25 * inColor + max(dot(N, L), 0.0) * color.rgb + vec3(pow(max(dot(R, V), 0.0), 32.0) * color.a), 1.0);
    }
}
