#version 450

struct glow_out {
    vec4 out_;
};

layout(location = 0) in vec4 color;
layout(location = 0) out vec4 out_;

void main() {
    out_ = glow_out(color).out_;
}
