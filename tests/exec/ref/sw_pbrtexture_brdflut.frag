#version 450
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
layout(constant_id = 0) const uint NUM_SAMPLES = 1024u;
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
    float nov = uv.x, r = uv.y;
    vec3 N = vec3(0.0, 0.0, 1.0);
    vec3 V = vec3(sqrt(1.0 - nov * nov), 0.0, nov);
    vec2 lut = vec2(0.0);
    for (uint i = 0u; i < NUM_SAMPLES; i++) {
        vec3 H = isg(ham(i, NUM_SAMPLES), r, N);
        vec3 L = 2.0 * dot(V, H) * H - V;
        float nl = max(dot(N, L), 0.0), nv = max(dot(N, V), 0.0), vh = max(dot(V, H), 0.0), nh = max(dot(H, N), 0.0);
        if (nl > 0.0) {
            float k = r * r / 2.0;
            float g = nl / (nl * (1.0 - k) + k) * (nv / (nv * (1.0 - k) + k));
            float gv = g * vh / (nh * nv);
            float fc = pow(1.0 - vh, 5.0);
            lut += vec2((1.0 - fc) * gv, fc * gv);
        }
    }
    color = vec4(lut / float(NUM_SAMPLES), 0.0, 1.0);
}
