#version 450
// Luma's meaning spelled out: the level is clamped into [0, 1] (the texture has 2 levels),
// and level n of a 4x4 texture is 4 >> n wide.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform texture2D tex;
layout(set = 0, binding = 1) readonly buffer Levels { int levels[]; };
layout(set = 0, binding = 2) buffer Sizes { float sizes[]; };
void main() {
    for (int k = 0; k <= 2; k++) {
        sizes[k] = float(4 >> clamp(levels[k], 0, 1));
    }
}
