#version 450
layout(location = 0) in vec2 pos;
layout(location = 1) in vec2 shift_z;
layout(location = 2) in vec4 color;
layout(location = 0) out vec4 v_color;
layout(location = 1) flat out uint v_inst;
void main() {
    gl_Position = vec4(pos.x + shift_z.x, pos.y, shift_z.y, 1.0);
    v_color = color;
    v_inst = uint(gl_InstanceIndex);
}
