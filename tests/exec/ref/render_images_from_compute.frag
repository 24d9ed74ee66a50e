#version 450
layout(set = 0, binding = 1, rgba32f) uniform readonly image2D colors;
layout(location = 0) out vec4 color;
void main() {
    color = imageLoad(colors, ivec2(0, 0));
}
