#version 450

struct LineVarying {
    vec4 clip;
    vec4 color;
    float edge;
};

struct line_fs_out {
    vec4 color;
};

layout(location = 0) in vec4 color;
layout(location = 1) noperspective in float edge;
layout(location = 0) out vec4 color_1;

void main() {
    LineVarying input_ = LineVarying(vec4(0.0), color, edge);
    float alpha = 1.0 - smoothstep(0.6, 1.0, abs(input_.edge));
    vec4 t = input_.color;
    color_1 = line_fs_out(vec4(t.xyz, input_.color.w * alpha)).color;
}
