diagnostic(off, derivative_uniformity);

@group(0) @binding(0) var<uniform> my_uniform: f32;
@group(0) @binding(1) var my_texture: texture_2d<f32>;
@group(0) @binding(2) var my_sampler: sampler;
@group(0) @binding(3) var<storage, read_write> non_uniform_value: i32;

fn foo_member_initialize(g: vec4f) -> vec4f {
    let vb2 = vec2<bool>(my_uniform == -1.0f, false);
    var r: vec4f = vec4f(0.0f);
    if vb2.x {
        let r_1 = textureSampleBias(my_texture, my_sampler, vec2f(0.0f), 0.0f);
        r = r_1;
    }
    return r;
}

fn foo_default_initialize(g: vec4f) -> vec4f {
    return vec4f(0.0f);
}

fn early(n: i32) -> i32 {
    if n > 3i {
        return n;
    }
    return 0i;
}

@fragment
fn main(@location(0) g: vec4f) -> @location(0) vec4f {
    let foo_member_initialize_1 = foo_member_initialize(g);
    let foo_default_initialize_1 = foo_default_initialize(g);
    return foo_member_initialize_1 + foo_default_initialize_1;
}

@compute @workgroup_size(4, 1, 1)
fn cs() {
    let non_uniform_value_1 = non_uniform_value;
    let v = early(non_uniform_value_1);
    if my_uniform > 0.0f {
        workgroupBarrier();
    }
    non_uniform_value = v;
}
