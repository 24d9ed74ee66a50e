#version 450

struct Output {
    vec4 position;
    vec4 color;
};

layout(location = 0) out vec4 color;

Output fill(Output out_) {
    Output out_1 = out_;
    out_1.position = vec4(1.0, 2.0, 3.0, 4.0);
    return out_1;
}

void main() {
    Output fill_1 = fill(Output(vec4(0.0), vec4(0.5)));
    gl_Position = fill_1.position;
    color = fill_1.color;
}
