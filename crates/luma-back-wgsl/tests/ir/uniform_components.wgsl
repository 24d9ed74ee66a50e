struct U {
    v: vec4f,
    m: mat4x4f,
}

@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    out[min(0u, arrayLength(&out) - 1u)] = u.v.w + u.m[3u].w;
}
