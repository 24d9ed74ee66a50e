#version 450
layout(location = 0) in vec3 inPos;
layout(location = 0) out vec4 outColor;
layout(set = 0, binding = 0) uniform samplerCube samplerEnv;
layout(push_constant) uniform PushConsts { layout(offset = 64) float roughness; layout(offset = 68) uint numSamples; } consts;
const float PI = 3.1415926536;
float rnd(vec2 co) {
    float dt = dot(co, vec2(12.9898, 78.233));
    float sn = dt - 3.14 * floor(dt / 3.14);
    return fract(sin(sn) * 43758.5453);
}
vec2 ham(uint i, uint n) {
    uint b = (i << 16u) | (i >> 16u);
    b = ((b & 0x55555555u) << 1u) | ((b & 0xAAAAAAAAu) >> 1u);
    b = ((b & 0x33333333u) << 2u) | ((b & 0xCCCCCCCCu) >> 2u);
    b = ((b & 0x0F0F0F0Fu) << 4u) | ((b & 0xF0F0F0F0u) >> 4u);
    b = ((b & 0x00FF00FFu) << 8u) | ((b & 0xFF00FF00u) >> 8u);
    return vec2(float(i) / float(n), float(b) * 2.3283064365386963e-10);
}
vec3 isg(vec2 xi, float r, vec3 n) {
    float a = r * r;
    float phi = 2.0 * PI * xi.x + rnd(n.xz) * 0.1;
    float ct = sqrt((1.0 - xi.y) / (1.0 + (a * a - 1.0) * xi.y));
    float st = sqrt(1.0 - ct * ct);
    vec3 h = vec3(st * cos(phi), st * sin(phi), ct);
    vec3 up = abs(n.z) < 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(1.0, 0.0, 0.0);
    vec3 tx = normalize(cross(up, n));
    vec3 ty = normalize(cross(n, tx));
    return normalize(tx * h.x + ty * h.y + n * h.z);
}
void main() {
    vec3 N = normalize(inPos), V = N;
    float r = consts.roughness;
    vec3 color = vec3(0.0);
    float tw = 0.0;
    float dim = float(textureSize(samplerEnv, 0).s);
    for (uint i = 0u; i < consts.numSamples; i++) {
        vec3 H = isg(ham(i, consts.numSamples), r, N);
        vec3 L = 2.0 * dot(V, H) * H - V;
        float nl = clamp(dot(N, L), 0.0, 1.0);
        if (nl > 0.0) {
            float nh = clamp(dot(N, H), 0.0, 1.0), vh = clamp(dot(V, H), 0.0, 1.0);
            float a = r * r, a2 = a * a, den = nh * nh * (a2 - 1.0) + 1.0;
            float pdf = a2 / (PI * den * den) * nh / (4.0 * vh) + 0.0001;
            float oS = 1.0 / (float(consts.numSamples) * pdf);
            float oP = 4.0 * PI / (6.0 * dim * dim);
            float mip = r == 0.0 ? 0.0 : max(0.5 * log2(oS / oP) + 1.0, 0.0);
            color += textureLod(samplerEnv, L, mip).rgb * nl;
            tw += nl;
        }
    }
    outColor = vec4(color / tw, 1.0);
}
