#version 450

struct shade_Input {
    vec3 input_;
    vec3 output_;
    float common_;
    float smooth_;
    float flat_;
    float patch_;
    float precise_;
    float active_;
    float partition_;
    float resource_;
};

struct shade_out {
    vec4 output_;
    vec4 texture_;
};

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
    shade_Input input_1 = shade_Input(input_, output_, common_, smooth_, flat_, patch_, precise_, active_, partition_, resource_);
    float smooth_1 = input_1.smooth_ + input_1.flat_ + input_1.patch_ + input_1.precise_ + input_1.active_ + input_1.partition_ + input_1.resource_ + input_1.common_;
    vec3 t = input_1.input_;
    vec4 vector = texture(texture_, t.xy);
    shade_out t_1 = shade_out(vec4(input_1.output_, smooth_1), vector);
    output_1 = t_1.output_;
    texture_1 = t_1.texture_;
}
