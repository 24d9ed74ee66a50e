#version 450

struct set_ {
    vec4 a;
};

struct TextureBuffer {
    float w;
};

layout(constant_id = 0) const float SCALE = 1.5;

layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform grid_block {
    vec2 _pad0;
    float dt;
    set_ inner;
} grid;
layout(set = 0, binding = 1, std140) uniform params_block {
    vec4 scale;
} params;

float weight(TextureBuffer t) {
    return t.w * 0.5;
}

void main() {
    float LUMA_SPEC_0 = uv.x * SCALE;
    float VULKAN_ = uv.y * 2.0;
    float u_GL_core_profile = uv.x + uv.y;
    float std140_ = weight(TextureBuffer(grid.dt));
    vec4 c = grid.inner.a * params.scale + vec4(grid._pad0, std140_, 1e-7);
    color = c * (LUMA_SPEC_0 + VULKAN_ + u_GL_core_profile + 1.5707964);
}
