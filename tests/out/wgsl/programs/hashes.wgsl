struct HashParams {
    seed: u32,
    frame: u32,
    count: u32,
    algorithm: u32,
}

@group(0) @binding(0) var<uniform> params: HashParams;
@group(0) @binding(1) var<storage, read_write> random_words: array<u32>;
@group(0) @binding(2) var<storage, read_write> random_floats: array<vec4f>;
@group(0) @binding(3) var<storage, read_write> signed_out: array<i32>;

fn pcg3d(v: vec3u) -> vec3u {
    let w = v * vec3u(1664525u) + vec3u(1013904223u);
    var w_1: vec3u = w;
    w_1.x = w.x + w.y * w.z;
    var w_2: vec3u = w_1;
    w_2.y = w_1.y + w_1.z * w_1.x;
    var w_3: vec3u = w_2;
    w_3.z = w_2.z + w_2.x * w_2.y;
    let w_4 = w_3 ^ (w_3 >> vec3u(16u));
    var w_5: vec3u = w_4;
    w_5.x = w_4.x + w_4.y * w_4.z;
    var w_6: vec3u = w_5;
    w_6.y = w_5.y + w_5.z * w_5.x;
    var w_7: vec3u = w_6;
    w_7.z = w_6.z + w_6.x * w_6.y;
    return w_7;
}

fn pcg4d(v: vec4u) -> vec4u {
    let w = v * vec4u(1664525u) + vec4u(1013904223u);
    var w_1: vec4u = w;
    w_1.x = w.x + w.y * w.w;
    var w_2: vec4u = w_1;
    w_2.y = w_1.y + w_1.z * w_1.x;
    var w_3: vec4u = w_2;
    w_3.z = w_2.z + w_2.x * w_2.y;
    var w_4: vec4u = w_3;
    w_4.w = w_3.w + w_3.y * w_3.z;
    let w_5 = w_4 ^ (w_4 >> vec4u(16u));
    var w_6: vec4u = w_5;
    w_6.x = w_5.x + w_5.y * w_5.w;
    var w_7: vec4u = w_6;
    w_7.y = w_6.y + w_6.z * w_6.x;
    var w_8: vec4u = w_7;
    w_8.z = w_7.z + w_7.x * w_7.y;
    var w_9: vec4u = w_8;
    w_9.w = w_8.w + w_8.y * w_8.z;
    return w_9;
}

fn to_unit(h: u32) -> f32 {
    return f32(h >> 8u) * 5.9604645e-8f;
}

fn to_unit_bits(h: u32) -> f32 {
    return bitcast<f32>(1065353216u | (h >> 9u)) - 1.0f;
}

fn pcg(v: u32) -> u32 {
    let state = v * 747796405u + 2891336453u;
    let word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

fn xorshift32(v: u32) -> u32 {
    let x = v ^ (v << 13u);
    let x_1 = x ^ (x >> 17u);
    let x_2 = x_1 ^ (x_1 << 5u);
    return x_2;
}

fn murmur3_fmix(v: u32) -> u32 {
    let h = v ^ (v >> 16u);
    let h_1 = h * 2246822507u;
    let h_2 = h_1 ^ (h_1 >> 13u);
    let h_3 = h_2 * 3266489909u;
    let h_4 = h_3 ^ (h_3 >> 16u);
    return h_4;
}

fn wang(v: u32) -> u32 {
    let h = v ^ 61u ^ (v >> 16u);
    let h_1 = h * 9u;
    let h_2 = h_1 ^ (h_1 >> 4u);
    let h_3 = h_2 * 668265261u;
    let h_4 = h_3 ^ (h_3 >> 15u);
    return h_4;
}

fn rotl(x: u32, r: u32) -> u32 {
    return (x << r) | (x >> (32u - r));
}

fn xxhash32_2(a: u32, b: u32, seed: u32) -> u32 {
    let h = seed + 374761393u + 8u;
    let rotl_1 = rotl(h + a * 3266489917u, 17u);
    let h_1 = rotl_1 * 668265263u;
    let rotl_2 = rotl(h_1 + b * 3266489917u, 17u);
    let h_2 = rotl_2 * 668265263u;
    let h_3 = 2246822519u * (h_2 ^ (h_2 >> 15u));
    let h_4 = 3266489917u * (h_3 ^ (h_3 >> 13u));
    return h_4 ^ (h_4 >> 16u);
}

fn lcg(state: u32) -> u32 {
    return 1664525u * state + 1013904223u;
}

fn hash_by(algorithm: u32, x: u32) -> u32 {
    if algorithm == 0u {
        let pcg_1 = pcg(x);
        return pcg_1;
    } else if algorithm == 1u {
        let xorshift32_1 = xorshift32(x | 1u);
        return xorshift32_1;
    } else if algorithm == 2u {
        let murmur3_fmix_1 = murmur3_fmix(x);
        return murmur3_fmix_1;
    } else if algorithm == 3u {
        let wang_1 = wang(x);
        return wang_1;
    } else if algorithm == 4u {
        let xxhash32_2_1 = xxhash32_2(x, params.frame, params.seed);
        return xxhash32_2_1;
    }
    let lcg_1 = lcg(x);
    return lcg_1;
}

@compute @workgroup_size(64, 1, 1)
fn fill_random(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    if i >= params.count {
        return;
    }
    let key = i ^ (params.seed * 2654435769u);
    let hash_by_1 = hash_by(params.algorithm, key);
    random_words[min(i, arrayLength(&random_words) - 1u)] = hash_by_1;
    let v = pcg4d(vec4u(i, params.seed, params.frame, params.algorithm));
    let to_unit_1 = to_unit(v.x);
    let to_unit_2 = to_unit(v.y);
    let to_unit_bits_1 = to_unit_bits(v.z);
    let to_unit_bits_2 = to_unit_bits(v.w);
    let jitter = vec4f(to_unit_1, to_unit_2, to_unit_bits_1, to_unit_bits_2);
    let cell = vec2f(f32(i % 8u), f32(i / 8u % 8u));
    random_floats[min(i, arrayLength(&random_floats) - 1u)] = vec4f((cell + jitter.xy) / vec2f(8.0f), jitter.zw);
    let p3 = pcg3d(vec3u(i, params.frame, params.seed));
    let s = bitcast<i32>(p3.x ^ p3.y);
    signed_out[min(i, arrayLength(&signed_out) - 1u)] = (s >> 7u) ^ (s << 3u) ^ bitcast<i32>(p3.z);
}
