#version 450

layout(location = 0) in vec2 input_;
layout(location = 0) out vec4 sample_;

layout(set = 0, binding = 0, std140) uniform uniform_block {
    vec4 output_;
    float loop;
} uniform_;
layout(set = 0, binding = 1, std430) buffer read_block {
    float read[];
};
layout(set = 0, binding = 2) uniform texture2D texture_;
layout(set = 0, binding = 3) uniform sampler var;

float mix_(float length_, float array) {
    float min_ = length_ * array;
    float u_gl_Position = min_ + min_;
    return u_gl_Position;
}

void main() {
    vec4 let = uniform_.output_;
    float _x = uniform_.loop;
    float mix_1 = mix_(_x, _x);
    read[min(0u, uint(read.length()) - 1u)] = mix_1;
    vec4 vec3f = texture(sampler2D(texture_, var), input_);
    sample_ = let + vec3f + gl_FragCoord;
}
