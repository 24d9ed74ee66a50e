#version 450

layout(location = 0) in vec4 color;
layout(location = 1) flat in ivec2 ids;
layout(location = 2) flat in uvec4 mask;
layout(location = 3) flat in int index;
layout(location = 0) out vec4 color_1;
layout(location = 1) out ivec4 id;

void main() {
    color_1 = color * float(mask.x & 1u);
    id = ivec4(ids, index, int(mask.y));
}
