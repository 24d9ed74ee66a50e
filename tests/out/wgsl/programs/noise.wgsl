struct NoiseParams {
    origin: vec2f,
    scale: f32,
    time: f32,
    width: u32,
    height: u32,
    octaves: i32,
    mode: i32,
    lacunarity: f32,
    gain: f32,
}

var<immediate> noise: NoiseParams;
@group(0) @binding(0) var<storage, read_write> image: array<f32>;

fn hash3(p: vec3i) -> u32 {
    let v = vec3u(p) * vec3u(1664525u) + vec3u(1013904223u);
    var v_1: vec3u = v;
    v_1.x = v.x + v.y * v.z;
    var v_2: vec3u = v_1;
    v_2.y = v_1.y + v_1.z * v_1.x;
    var v_3: vec3u = v_2;
    v_3.z = v_2.z + v_2.x * v_2.y;
    let v_4 = v_3 ^ (v_3 >> vec3u(16u));
    var v_5: vec3u = v_4;
    v_5.x = v_4.x + v_4.y * v_4.z;
    var v_6: vec3u = v_5;
    v_6.y = v_5.y + v_5.z * v_5.x;
    var v_7: vec3u = v_6;
    v_7.z = v_6.z + v_6.x * v_6.y;
    return v_7.x ^ v_7.y ^ v_7.z;
}

fn fade3(t: vec3f) -> vec3f {
    return t * t * t * (t * (t * 6.0f - vec3f(15.0f)) + vec3f(10.0f));
}

fn gradient3(h: u32, d: vec3f) -> f32 {
    let g = h & 15u;
    let u = select(d.y, d.x, g < 8u);
    let v = select(select(d.z, d.x, g == 12u || g == 14u), d.y, g < 4u);
    let su = select(-u, u, (g & 1u) == 0u);
    let sv = select(-v, v, (g & 2u) == 0u);
    return su + sv;
}

fn perlin3(p: vec3f) -> f32 {
    var xy_weights: array<f32, 4>;
    let cell = vec3i(floor(p));
    let d = fract(p);
    let f = fade3(d);
    xy_weights = array<f32, 4>((1.0f - f.x) * (1.0f - f.y), f.x * (1.0f - f.y), (1.0f - f.x) * f.y, f.x * f.y);
    var corner: i32 = 0i;
    var v: u32 = 7u;
    var v_1: bool = true;
    var result: f32 = 0.0f;
    var result_1: f32;
    loop {
        if !v_1 {
            result_1 = result;
            break;
        }
        let o = vec3i(corner & 1i, (corner >> 1u) & 1i, corner >> 2u);
        let offset = vec3f(o);
        let t = xy_weights[corner & 3i];
        let w = t * select(1.0f - f.z, f.z, o.z == 1i);
        let hash3_1 = hash3(cell + o);
        let gradient3_1 = gradient3(hash3_1, d - offset);
        let result_2 = result + w * gradient3_1;
        let next_v = v != 0u;
        corner = corner + 1i;
        v = v - 1u;
        v_1 = next_v;
        result = result_2;
    }
    return result_1;
}

fn hash2(p: vec2i) -> u32 {
    let v = vec2u(p) * vec2u(1664525u) + vec2u(1013904223u);
    var v_1: vec2u = v;
    v_1.x = v.x + v.y * 1664525u;
    var v_2: vec2u = v_1;
    v_2.y = v_1.y + v_1.x * 1664525u;
    let v_3 = v_2 ^ (v_2 >> vec2u(16u));
    var v_4: vec2u = v_3;
    v_4.x = v_3.x + v_3.y * 1664525u;
    var v_5: vec2u = v_4;
    v_5.y = v_4.y + v_4.x * 1664525u;
    let v_6 = v_5 ^ (v_5 >> vec2u(16u));
    return v_6.x ^ v_6.y;
}

fn unit_float(h: u32) -> f32 {
    return f32(h >> 8u) * 5.9604645e-8f;
}

fn fade2(t: vec2f) -> vec2f {
    return t * t * t * (t * (t * 6.0f - vec2f(15.0f)) + vec2f(10.0f));
}

fn value_noise(p: vec2f) -> f32 {
    let cell = vec2i(floor(p));
    let f = fade2(fract(p));
    let hash2_1 = hash2(cell);
    let a = unit_float(hash2_1);
    let hash2_2 = hash2(cell + vec2i(1i, 0i));
    let b = unit_float(hash2_2);
    let hash2_3 = hash2(cell + vec2i(0i, 1i));
    let c = unit_float(hash2_3);
    let hash2_4 = hash2(cell + vec2i(1i));
    let d = unit_float(hash2_4);
    return mix(mix(a, b, f.x), mix(c, d, f.x), f.y) * 2.0f - 1.0f;
}

fn fbm_value(p: vec2f, octaves: i32) -> f32 {
    var i: i32 = 1i;
    var v: u32 = bitcast<u32>(octaves) - 1u;
    var v_1: bool = 1i <= octaves;
    var v_2: u32 = 0u;
    var sum: f32 = 0.0f;
    var amplitude: f32 = 0.5f;
    var frequency: f32 = 1.0f;
    var norm: f32 = 0.0f;
    var sum_1: f32;
    var norm_1: f32;
    loop {
        if !(v_2 < 12u) {
            sum_1 = sum;
            norm_1 = norm;
            break;
        }
        if !v_1 {
            sum_1 = sum;
            norm_1 = norm;
            break;
        }
        let value_noise_1 = value_noise(p * frequency + vec2f(f32(i) * 17.0f));
        let sum_2 = sum + amplitude * value_noise_1;
        let norm_2 = norm + amplitude;
        let amplitude_1 = amplitude * noise.gain;
        let frequency_1 = frequency * noise.lacunarity;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        sum = sum_2;
        amplitude = amplitude_1;
        frequency = frequency_1;
        norm = norm_2;
    }
    return sum_1 / max(norm_1, 1e-6f);
}

fn gradient2(h: u32, d: vec2f) -> f32 {
    let g = h & 7u;
    let u = select(d.y, d.x, g < 4u);
    let v = select(d.x, d.y, g < 4u);
    let su = select(u, -u, (g & 1u) != 0u);
    let sv = select(2.0f * v, -2.0f * v, (g & 2u) != 0u);
    return su + sv;
}

fn perlin2(p: vec2f) -> f32 {
    let cell = vec2i(floor(p));
    let d = fract(p);
    let f = fade2(d);
    let hash2_1 = hash2(cell);
    let n00 = gradient2(hash2_1, d);
    let hash2_2 = hash2(cell + vec2i(1i, 0i));
    let n10 = gradient2(hash2_2, d - vec2f(1.0f, 0.0f));
    let hash2_3 = hash2(cell + vec2i(0i, 1i));
    let n01 = gradient2(hash2_3, d - vec2f(0.0f, 1.0f));
    let hash2_4 = hash2(cell + vec2i(1i));
    let n11 = gradient2(hash2_4, d - vec2f(1.0f));
    return mix(mix(n00, n10, f.x), mix(n01, n11, f.x), f.y) * 0.5f;
}

fn fbm_perlin(p: vec2f, octaves: i32) -> f32 {
    var v: u32 = bitcast<u32>(octaves) - 1u;
    var v_1: bool = 1i <= octaves;
    var v_2: u32 = 0u;
    var sum: f32 = 0.0f;
    var amplitude: f32 = 0.5f;
    var q: vec2f = p;
    var sum_1: f32;
    loop {
        if !(v_2 < 12u) {
            sum_1 = sum;
            break;
        }
        if !v_1 {
            sum_1 = sum;
            break;
        }
        let perlin2_1 = perlin2(q);
        let sum_2 = sum + amplitude * perlin2_1;
        let q_1 = mat2x2f(vec2f(0.8f, 0.6f), vec2f(-0.6f, 0.8f)) * q * noise.lacunarity;
        let amplitude_1 = amplitude * noise.gain;
        let next_v = v != 0u;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        sum = sum_2;
        amplitude = amplitude_1;
        q = q_1;
    }
    return sum_1;
}

fn ridged(p: vec2f, octaves: i32) -> f32 {
    var v: u32 = bitcast<u32>(octaves) - 1u;
    var v_1: bool = 1i <= octaves;
    var v_2: u32 = 0u;
    var sum: f32 = 0.0f;
    var amplitude: f32 = 0.5f;
    var frequency: f32 = 1.0f;
    var previous: f32 = 1.0f;
    var sum_1: f32;
    loop {
        if !(v_2 < 12u) {
            sum_1 = sum;
            break;
        }
        if !v_1 {
            sum_1 = sum;
            break;
        }
        let perlin2_1 = perlin2(p * frequency);
        let n = 1.0f - abs(perlin2_1);
        let n_1 = n * n;
        let sum_2 = sum + n_1 * amplitude * previous;
        let frequency_1 = frequency * noise.lacunarity;
        let amplitude_1 = amplitude * noise.gain;
        let next_v = v != 0u;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        sum = sum_2;
        amplitude = amplitude_1;
        frequency = frequency_1;
        previous = n_1;
    }
    return sum_1;
}

fn domain_warped(p: vec2f, octaves: i32) -> f32 {
    let fbm_perlin_1 = fbm_perlin(p, octaves);
    let fbm_perlin_2 = fbm_perlin(p + vec2f(5.2f, 1.3f), octaves);
    let q = vec2f(fbm_perlin_1, fbm_perlin_2);
    let fbm_perlin_3 = fbm_perlin(p + q * 4.0f + vec2f(1.7f, 9.2f) + vec2f(0.15f * noise.time), octaves);
    let fbm_perlin_4 = fbm_perlin(p + q * 4.0f + vec2f(8.3f, 2.8f) + vec2f(0.126f * noise.time), octaves);
    let r = vec2f(fbm_perlin_3, fbm_perlin_4);
    let fbm_perlin_5 = fbm_perlin(p + r * 4.0f, octaves);
    return fbm_perlin_5;
}

fn evaluate(p: vec2f) -> f32 {
    let octaves = clamp(noise.octaves, 1i, 12i);
    if noise.mode == 0i {
        let fbm_value_1 = fbm_value(p, octaves);
        return fbm_value_1;
    } else if noise.mode == 1i {
        let fbm_perlin_1 = fbm_perlin(p, octaves);
        return fbm_perlin_1;
    } else if noise.mode == 2i {
        let ridged_1 = ridged(p, octaves);
        return ridged_1;
    } else if noise.mode == 3i {
        let domain_warped_1 = domain_warped(p, octaves);
        return domain_warped_1;
    }
    let perlin3_1 = perlin3(vec3f(p, noise.time));
    return perlin3_1;
}

@compute @workgroup_size(8, 8, 1)
fn bake_noise(@builtin(global_invocation_id) id: vec3u) {
    if id.x >= noise.width || id.y >= noise.height {
        return;
    }
    let p = noise.origin + vec2f(id.xy) * noise.scale;
    let evaluate_1 = evaluate(p);
    image[min(id.y * noise.width + id.x, arrayLength(&image) - 1u)] = evaluate_1;
}
