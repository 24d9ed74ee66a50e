#version 450

layout(location = 2) flat in uint id;
layout(location = 1) in vec3 normal;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
layout(location = 2) out uint mask;
layout(location = 4) out ivec2 sign_;

void main() {
    float facing = gl_FrontFacing ? 1.0 : 0.5;
    color = vec4(uv, normal.z * facing, 1.0);
    mask = id;
    sign_ = ivec2(int(id) - 8, -int(id));
}
