#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform ubo_block {
    mat4 projection;
    mat4 model;
    vec4 outline_color;
    float outline_width;
    float outline;
} ubo;
layout(set = 0, binding = 1) uniform sampler2D sampler_color;

void main() {
    vec4 texel = texture(sampler_color, uv);
    float distance_ = texel.w;
    float smooth_width = fwidth(distance_);
    float alpha = smoothstep(0.5 - smooth_width, 0.5 + smooth_width, distance_);
    vec3 rgb = vec3(alpha);
    float alpha_1 = alpha;
    vec3 rgb_1 = rgb;
    if (ubo.outline > 0.0) {
        float w = 1.0 - ubo.outline_width;
        float alpha_2 = smoothstep(w - smooth_width, w + smooth_width, distance_);
        vec4 outline_color = ubo.outline_color;
        alpha_1 = alpha_2;
        rgb_1 = rgb + mix(vec3(alpha_2), outline_color.xyz, vec3(alpha_2));
    }
    color = vec4(rgb_1, alpha_1);
}
