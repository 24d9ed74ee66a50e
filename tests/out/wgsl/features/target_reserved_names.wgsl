struct set_ {
    a: vec4f,
}

struct binding {
    _pad0: vec2f,
    dt: f32,
    inner: set_,
}

struct texture_params {
    scale: vec4f,
}

struct TextureBuffer {
    w: f32,
}

@id(0) override SCALE: f32 = 1.5f;

@group(0) @binding(0) var<uniform> grid: binding;
@group(0) @binding(1) var<uniform> params: texture_params;

fn weight(t: TextureBuffer) -> f32 {
    return t.w * 0.5f;
}

@fragment
fn fs(@location(0) uv: vec2f) -> @location(0) vec4f {
    let LUMA_SPEC_0 = uv.x * SCALE;
    let VULKAN = uv.y * 2.0f;
    let GL_core_profile = uv.x + uv.y;
    let std140 = weight(TextureBuffer(grid.dt));
    let c = grid.inner.a * params.scale + vec4f(grid._pad0, std140, 1e-7f);
    return c * (LUMA_SPEC_0 + VULKAN + GL_core_profile + 1.5707964f);
}
