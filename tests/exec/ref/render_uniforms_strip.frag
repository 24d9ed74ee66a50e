#version 450
layout(push_constant, std430) uniform Tint { vec4 color; float scale; } tint;
layout(location = 0) out vec4 color;
void main() { color = tint.color; }
