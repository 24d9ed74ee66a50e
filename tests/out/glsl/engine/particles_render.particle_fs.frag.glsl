#version 450

layout(location = 0) in vec2 uv;
layout(location = 1) flat in float fade;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 2) uniform sampler2D sprite;

void main() {
    vec4 texel = texture(sprite, uv);
    float d = length(uv - vec2(0.5)) * 2.0;
    if (d > 1.0) {
        discard;
    }
    float alpha = texel.w * fade * smoothstep(1.0, 0.6, d);
    color = vec4(texel.xyz * alpha, alpha);
}
