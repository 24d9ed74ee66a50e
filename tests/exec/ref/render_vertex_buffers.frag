#version 450
layout(location = 0) in vec4 v_color;
layout(location = 1) flat in uint v_inst;
layout(location = 0) out vec4 color;
layout(location = 1) out uint inst;
void main() { color = v_color; inst = v_inst + 100u; }
