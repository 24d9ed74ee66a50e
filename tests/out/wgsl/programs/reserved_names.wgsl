struct float4 {
    x: f32,
    y: f32,
    z: f32,
    w: f32,
}

struct vec4f_ {
    texture: vec4f,
    sample: vec2f,
    filter_: f32,
    half: f32,
}

struct device {
    constant: float4,
    thread: vec4f_,
    threadgroup: u32,
    packed: u32,
    kernel: i32,
    metal: i32,
}

struct f32_std140_element {
    @size(16) value: f32,
}

struct Params_std140 {
    array_: array<f32_std140_element, 4>,
    ptr_: u32,
    var_: u32,
    fn_: u32,
    loop_: u32,
    override_: f32,
    select_: f32,
    bitcast_: f32,
    workgroup_: u32,
    storage_: u32,
    f32_: f32,
    @size(8) main: f32,
}

struct Line {
    point: vec3f,
    line: vec3f,
    triangle: f32,
    matrix: f32,
    vector: f32,
    register_: u32,
    cbuffer: u32,
}

struct this_ {
    new_: i32,
    delete_: i32,
    class_: i32,
    namespace_: i32,
    operator_: i32,
    template_: i32,
    typename_: i32,
    xor: i32,
    bitand: i32,
    compl: i32,
}

struct ShadeOutput {
    @location(0) output: vec4f,
    @location(1) texture: vec4f,
}

@group(0) @binding(0) var<uniform> constant: device;
@group(0) @binding(1) var<uniform> input: Params_std140;
@group(0) @binding(2) var<storage, read_write> output: array<float4>;
@group(0) @binding(3) var<storage, read_write> line: array<Line>;
@group(0) @binding(4) var<storage, read> kernel: array<this_>;
@group(0) @binding(5) var texture_tex_1: texture_2d<f32>;
@group(0) @binding(6) var texture_samp_1: sampler;
@group(0) @binding(7) var texture_tex: texture_2d<f32>;
@group(0) @binding(8) var texture_samp: sampler;
@group(0) @binding(9) var sample_map: texture_2d<f32>;

// GLSL-style `mod`: x - y * floor(x / y).
fn luma_mod_f32(x: f32, y: f32) -> f32 {
    return x - y * floor(x / y);
}

fn luma_div(a: i32, b: i32) -> i32 {
    return a / b;
}

fn luma_rem(a: i32, b: i32) -> i32 {
    return a % b;
}

fn luma_mod(a: f32, b: f32) -> f32 {
    return luma_mod_f32(a, b);
}

fn lerp(a: f32, b: f32, t: f32) -> f32 {
    return a + (b - a) * t;
}

fn frac(x: f32) -> f32 {
    return x - floor(x);
}

fn mul(a: float4, s: f32) -> float4 {
    return float4(a.x * s, a.y * s, a.z * s, a.w * s);
}

fn rsqrt(x: f32) -> f32 {
    return inverseSqrt(x);
}

fn bitcast_(x: f32) -> u32 {
    let select_ = bitcast<u32>(x);
    return select_;
}

fn textureSample_(uv: vec2f) -> vec4f {
    let texel = textureSampleLevel(texture_tex_1, texture_samp_1, uv, 0.0f);
    return texel;
}

fn gl_Position(v: vec4f) -> vec4f {
    return v;
}

fn to_float4(v: vec4f) -> float4 {
    return float4(v.x, v.y, v.z, v.w);
}

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    let t = arrayLength(&output);
    if i >= u32(i32(t)) {
        return;
    }
    let thread = constant.thread;
    let half = thread.half + input.array_[min(i & 3u, 3u)].value;
    let t_1 = arrayLength(&line);
    let point = line[min(i % u32(i32(t_1)), arrayLength(&line) - 1u)].point;
    let t_2 = arrayLength(&kernel);
    let xor = kernel[min(i % u32(i32(t_2)), arrayLength(&kernel) - 1u)].xor;
    let bitand = kernel[min(0u, arrayLength(&kernel) - 1u)].bitand;
    let xor_1 = xor ^ bitand;
    let luma_div_1 = luma_div(xor_1, 3i);
    let luma_rem_1 = luma_rem(xor_1, 5i);
    let new_ = luma_div_1 + luma_rem_1;
    let frac_1 = frac(input.override_);
    let delete_ = lerp(half, frac_1, input.select_);
    let uv = thread.sample + vec2f(f32(new_), delete_);
    let textureSample_1 = textureSample_(uv);
    let texel = textureSampleLevel(sample_map, texture_samp, uv, 0.0f);
    let texel_1 = textureSampleLevel(texture_tex, texture_samp, uv, 1.0f);
    let common_ = textureSample_1 + texel + texel_1;
    let luma_mod_1 = luma_mod(half, 2.0f);
    let rsqrt_1 = rsqrt(delete_ + 2.0f);
    let filter_ = select(luma_mod_1, rsqrt_1, constant.packed != 0u);
    let bitcast_1 = bitcast_(filter_);
    let f32_ = f32(bitcast_1 & 255u);
    let gl_Position_1 = gl_Position(common_);
    let to_float4_1 = to_float4(gl_Position_1);
    let result = mul(to_float4_1, f32_ + point.x + constant.constant.w);
    output[min(i, arrayLength(&output) - 1u)] = result;
    let t_3 = arrayLength(&line);
    line[min(i % u32(i32(t_3)), arrayLength(&line) - 1u)].register_ = u32(constant.kernel) + input.ptr_ + input.var_ + input.fn_ + input.loop_ + input.workgroup_ + input.storage_;
}

@fragment
fn shade(@location(0) input_1: vec3f, @location(1) output_1: vec3f, @location(2) common_: f32, @location(3) smooth_: f32, @location(4) flat: f32, @location(5) patch_: f32, @location(6) precise_: f32, @location(7) active_: f32, @location(8) partition_: f32, @location(9) resource_: f32) -> ShadeOutput {
    let smooth_1 = smooth_ + flat + patch_ + precise_ + active_ + partition_ + resource_ + common_;
    let vector = textureSample(texture_tex_1, texture_samp_1, input_1.xy);
    return ShadeOutput(vec4f(output_1, smooth_1), vector);
}
