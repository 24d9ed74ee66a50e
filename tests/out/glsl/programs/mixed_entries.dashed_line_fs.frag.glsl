#version 450

struct LineVarying {
    vec4 clip;
    vec4 color;
    float edge;
};

struct dashed_line_fs_out {
    vec4 color;
};

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
    LineVarying input_ = LineVarying(gl_FragCoord, color, edge);
    float dash = step(0.5, fract(input_.clip.x * 0.05 + view.time));
    vec4 t = input_.color;
    color_1 = dashed_line_fs_out(vec4(t.xyz, input_.color.w * dash * 0.5)).color;
}
