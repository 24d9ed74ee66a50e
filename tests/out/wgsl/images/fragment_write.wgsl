@group(0) @binding(0) var visibility: texture_storage_2d<r32float, write>;
@group(0) @binding(1) var<uniform> tint: vec4f;

@fragment
fn shade(@builtin(position) frag: vec4f, @location(0) uv: vec2f) -> @location(0) vec4f {
    textureStore(visibility, vec2i(frag.xy), vec4f(frag.z, 0.0f, 0.0f, 0.0f));
    return vec4f(uv, 0.0f, 1.0f) * tint;
}
