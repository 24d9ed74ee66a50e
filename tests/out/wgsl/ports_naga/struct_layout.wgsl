struct NoPadding {
    v3: vec3f,
    f3: f32,
}

struct NeedsPadding {
    f3_forces_padding: f32,
    v3_needs_padding: vec3f,
    f3: f32,
}

struct NoPaddingVertOutput {
    @builtin(position) clip: vec4f,
    @location(0) @interpolate(flat) v3: vec3f,
    @location(1) @interpolate(flat) f3: f32,
}

struct NeedsPaddingVertOutput {
    @builtin(position) clip: vec4f,
    @location(0) @interpolate(flat) a: f32,
    @location(1) @interpolate(flat) v3: vec3f,
    @location(2) @interpolate(flat) f3: f32,
}

@group(0) @binding(0) var<uniform> no_padding_uniform: NoPadding;
@group(0) @binding(1) var<storage, read_write> no_padding_storage: NoPadding;
@group(0) @binding(2) var<uniform> needs_padding_uniform: NeedsPadding;
@group(0) @binding(3) var<storage, read_write> needs_padding_storage: NeedsPadding;

@vertex
fn no_padding_vert(@location(0) v3: vec3f, @location(1) f3: f32) -> NoPaddingVertOutput {
    return NoPaddingVertOutput(vec4f(v3, f3), v3, f3);
}

@fragment
fn no_padding_frag(@location(0) v3: vec3f, @location(1) f3: f32) -> @location(0) vec4f {
    return vec4f(v3, f3);
}

@compute @workgroup_size(16, 1, 1)
fn no_padding_comp(@builtin(local_invocation_index) li: u32) {
    let x = no_padding_uniform;
    if li == 0u {
        let f3 = no_padding_storage.f3;
        var x_1: NoPadding = x;
        x_1.f3 = x.f3 + f3;
        no_padding_storage = x_1;
    }
}

@vertex
fn needs_padding_vert(@location(0) f3_forces_padding: f32, @location(1) v3_needs_padding: vec3f, @location(2) f3: f32) -> NeedsPaddingVertOutput {
    return NeedsPaddingVertOutput(vec4f(v3_needs_padding, f3), f3_forces_padding, v3_needs_padding, f3);
}

@fragment
fn needs_padding_frag(@location(0) f3_forces_padding: f32, @location(1) v3_needs_padding: vec3f, @location(2) f3: f32) -> @location(0) vec4f {
    return vec4f(v3_needs_padding * f3_forces_padding, f3);
}

@compute @workgroup_size(16, 1, 1)
fn needs_padding_comp(@builtin(local_invocation_index) li: u32) {
    let x = needs_padding_uniform;
    let t = needs_padding_storage.v3_needs_padding.z;
    var t_1: vec3f = x.v3_needs_padding;
    t_1.y = t;
    var x_1: NeedsPadding = x;
    x_1.v3_needs_padding = t_1;
    if li == 0u {
        needs_padding_storage = x_1;
    }
}
