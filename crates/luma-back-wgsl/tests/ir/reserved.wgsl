struct sampler_ {
    output: vec4f,
    loop_: f32,
}

@group(0) @binding(0) var<uniform> uniform_: sampler_;
@group(0) @binding(1) var<storage, read_write> read_: array<f32>;
@group(0) @binding(2) var texture: texture_2d<f32>;
@group(0) @binding(3) var var_: sampler;

fn mix_(length_: f32, array_: f32) -> f32 {
    let min_ = length_ * array_;
    let gl_Position = min_ + min_;
    return gl_Position;
}

@fragment
fn main(@location(0) input: vec2f, @builtin(position) fn_: vec4f) -> @location(0) vec4f {
    let let_ = uniform_.output;
    let _x = uniform_.loop_;
    let mix_1 = mix_(_x, _x);
    read_[min(0u, arrayLength(&read_) - 1u)] = mix_1;
    let vec3f_ = textureSample(texture, var_, input);
    return let_ + vec3f_ + fn_;
}
