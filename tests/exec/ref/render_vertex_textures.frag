#version 450
layout(location = 0) flat in vec4 a;
layout(location = 1) flat in vec4 b;
layout(location = 0) out vec4 first;
layout(location = 1) out vec4 second;
void main() { first = a; second = b; }
