#version 450

layout(location = 0) in vec3 normal;
layout(location = 1) in vec4 tangent;
layout(location = 2) in vec2 uv;
layout(location = 3) flat in uint dominant_joint;
layout(location = 0) out vec4 color;

void main() {
    float hue = float(dominant_joint % 7u) / 7.0;
    vec3 base = clamp(abs(fract(vec3(hue) + vec3(0.0, 0.6666667, 0.33333334)) * 6.0 - vec3(3.0)) - vec3(1.0), 0.0, 1.0);
    float lambert = max(dot(normalize(normal), normalize(vec3(0.3, 1.0, 0.2))), 0.0);
    color = vec4(base * (0.2 + 0.8 * lambert), 1.0);
}
