#version 450

layout(location = 0) in vec4 color;
layout(location = 1) noperspective in float edge;
layout(location = 0) out vec4 color_1;

layout(set = 0, binding = 0, std140) uniform view_block {
    mat4 view_proj;
    vec2 viewport;
    float line_width;
    float time;
} view;

void main() {
    float dash = step(0.5, fract(gl_FragCoord.x * 0.05 + view.time));
    color_1 = vec4(color.xyz, color.w * dash * 0.5);
}
