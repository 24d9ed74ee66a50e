#version 450

struct vertex_Output {
    float value;
};

struct fragment_out {
    vec4 color;
};

layout(location = 0) in float value;
layout(location = 0) out vec4 color;

void main() {
    float input_ = value * 2.0;
    vertex_Output fragment_Input = vertex_Output(input_);
    color = fragment_out(vec4(fragment_Input.value)).color;
}
