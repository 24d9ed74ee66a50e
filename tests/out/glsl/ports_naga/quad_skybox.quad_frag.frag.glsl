#version 450

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0) uniform texture2D u_texture;
layout(set = 0, binding = 1) uniform sampler u_sampler;

void main() {
    vec4 color_1 = texture(sampler2D(u_texture, u_sampler), uv);
    if (color_1.w == 0.0) {
        discard;
    }
    vec4 premultiplied = color_1 * color_1.w;
    color = premultiplied;
}
