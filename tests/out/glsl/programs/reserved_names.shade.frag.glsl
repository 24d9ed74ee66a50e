#version 450

layout(location = 0) in vec3 input_;
layout(location = 1) in vec3 output_;
layout(location = 2) in float common_;
layout(location = 3) in float smooth_;
layout(location = 4) in float flat_;
layout(location = 5) in float patch_;
layout(location = 6) in float precise_;
layout(location = 7) in float active_;
layout(location = 8) in float partition_;
layout(location = 9) in float resource_;
layout(location = 0) out vec4 output_1;
layout(location = 1) out vec4 texture_1;

layout(set = 0, binding = 5) uniform sampler2D texture_;

void main() {
    float smooth_1 = smooth_ + flat_ + patch_ + precise_ + active_ + partition_ + resource_ + common_;
    vec4 vector = texture(texture_, input_.xy);
    output_1 = vec4(output_, smooth_1);
    texture_1 = vector;
}
