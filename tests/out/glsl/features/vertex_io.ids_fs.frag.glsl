#version 450

struct ids_fs_out {
    vec4 color;
    ivec4 id;
};

layout(location = 0) in vec4 color;
layout(location = 1) flat in ivec2 ids;
layout(location = 2) flat in uvec4 mask;
layout(location = 3) flat in int index;
layout(location = 0) out vec4 color_1;
layout(location = 1) out ivec4 id;

void main() {
    ids_fs_out t = ids_fs_out(color * float(mask.x & 1u), ivec4(ids, index, int(mask.y)));
    color_1 = t.color;
    id = t.id;
}
