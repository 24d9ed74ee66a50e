#version 450
#extension GL_GOOGLE_cpp_style_line_directive : require

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

float scale(float x) {
#line 3 "include/common.luma"
    float y = x * 2.0;
    float z = y;
#line 4
    if (y > 2.0) {
        z = y * y;
    }
    return z;
}

void main() {
#line 10 "shaders/lit.luma"
    float a = scale(uv.x);
    float b = a + 0.5;
    color = vec4(b);
}
