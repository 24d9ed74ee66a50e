struct Image {
    width: u32,
    height: u32,
    radius: i32,
    sigma: f32,
}

@group(0) @binding(0) var<uniform> image: Image;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> dst: array<u32>;
@group(0) @binding(3) var<storage, read_write> histogram: array<atomic<u32>, 256>;
var<workgroup> local_bins: array<atomic<u32>, 256>;

fn texel(x: i32, y: i32) -> vec4f {
    let cx = clamp(x, 0i, i32(image.width) - 1i);
    let cy = clamp(y, 0i, i32(image.height) - 1i);
    let t = src[min(u32(cy) * image.width + u32(cx), arrayLength(&src) - 1u)];
    return unpack4x8unorm(t);
}

fn store(x: u32, y: u32, c: vec4f) {
    dst[min(y * image.width + x, arrayLength(&dst) - 1u)] = pack4x8unorm(saturate(c));
}

fn luma(c: vec4f) -> f32 {
    return dot(c.xyz, vec3f(0.299f, 0.587f, 0.114f));
}

fn inside(id: vec3u) -> bool {
    return id.x < image.width && id.y < image.height;
}

fn gaussian_weights() -> array<f32, 9> {
    var w: array<f32, 9>;
    w = array<f32, 9>(0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f);
    let radius = clamp(image.radius, 0i, 8i);
    var i: i32 = 0i;
    var v: u32 = 8u;
    var v_1: bool = true;
    var total: f32 = 0.0f;
    var total_1: f32;
    loop {
        if !v_1 {
            total_1 = total;
            break;
        }
        if i > radius {
            total_1 = total;
            break;
        }
        let x = f32(i);
        w[i] = exp(-x * x / (2.0f * image.sigma * image.sigma));
        var v_2: f32;
        if i == 0i {
            let t = w[i];
            v_2 = t;
        } else {
            let t_1 = w[i];
            v_2 = 2.0f * t_1;
        }
        let total_2 = total + v_2;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        total = total_2;
    }
    var i_1: i32 = 0i;
    var v_3: u32 = 8u;
    var v_4: bool = true;
    loop {
        if !v_4 {
            break;
        }
        let t_2 = w[i_1];
        w[i_1] = t_2 / total_1;
        let next_v_1 = v_3 != 0u;
        i_1 = i_1 + 1i;
        v_3 = v_3 - 1u;
        v_4 = next_v_1;
    }
    let w_1 = w;
    return w_1;
}

fn blur(id: vec3u, axis: vec2i) {
    var w: array<f32, 9>;
    let inside_1 = inside(id);
    if !inside_1 {
        return;
    }
    let gaussian_weights_1 = gaussian_weights();
    w = gaussian_weights_1;
    let radius = clamp(image.radius, 0i, 8i);
    let p = vec2i(id.xy);
    let texel_1 = texel(p.x, p.y);
    let t = w[0u];
    let sum = texel_1 * t;
    var i: i32 = 1i;
    var v: u32 = bitcast<u32>(radius) - 1u;
    var v_1: bool = 1i <= radius;
    var v_2: u32 = 0u;
    var sum_1: vec4f = sum;
    var sum_2: vec4f;
    loop {
        if !(v_2 < 8u) {
            sum_2 = sum_1;
            break;
        }
        if !v_1 {
            sum_2 = sum_1;
            break;
        }
        let a = p + axis * vec2i(i);
        let b = p - axis * vec2i(i);
        let texel_2 = texel(a.x, a.y);
        let texel_3 = texel(b.x, b.y);
        let t_1 = w[i];
        let sum_3 = sum_1 + (texel_2 + texel_3) * t_1;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        sum_1 = sum_3;
    }
    store(id.x, id.y, sum_2);
}

@compute @workgroup_size(16, 16, 1)
fn sobel(@builtin(global_invocation_id) id: vec3u) {
    var l: array<f32, 9>;
    let inside_1 = inside(id);
    if !inside_1 {
        return;
    }
    let x = i32(id.x);
    let y = i32(id.y);
    l = array<f32, 9>(0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f);
    var j: i32 = -1i;
    var v: u32 = 2u;
    var v_1: bool = true;
    loop {
        if !v_1 {
            break;
        }
        var i: i32 = -1i;
        var v_2: u32 = 2u;
        var v_3: bool = true;
        loop {
            if !v_3 {
                break;
            }
            let texel_1 = texel(x + i, y + j);
            let luma_1 = luma(texel_1);
            l[(j + 1i) * 3i + (i + 1i)] = luma_1;
            let next_v = v_2 != 0u;
            i = i + 1i;
            v_2 = v_2 - 1u;
            v_3 = next_v;
        }
        let next_v_1 = v != 0u;
        j = j + 1i;
        v = v - 1u;
        v_1 = next_v_1;
    }
    let t = l[2u];
    let t_1 = l[5u];
    let t_2 = l[8u];
    let t_3 = l[0u];
    let t_4 = l[3u];
    let t_5 = l[6u];
    let gx = t + 2.0f * t_1 + t_2 - (t_3 + 2.0f * t_4 + t_5);
    let t_6 = l[6u];
    let t_7 = l[7u];
    let t_8 = l[8u];
    let t_9 = l[0u];
    let t_10 = l[1u];
    let t_11 = l[2u];
    let gy = t_6 + 2.0f * t_7 + t_8 - (t_9 + 2.0f * t_10 + t_11);
    let magnitude = sqrt(gx * gx + gy * gy);
    let direction = atan2(gy, gx);
    store(id.x, id.y, vec4f(vec3f(magnitude), direction / 6.2831855f + 0.5f));
}

@compute @workgroup_size(16, 16, 1)
fn blur_horizontal(@builtin(global_invocation_id) id: vec3u) {
    blur(id, vec2i(1i, 0i));
}

@compute @workgroup_size(16, 16, 1)
fn blur_vertical(@builtin(global_invocation_id) id: vec3u) {
    blur(id, vec2i(0i, 1i));
}

@compute @workgroup_size(8, 8, 1)
fn downsample(@builtin(global_invocation_id) id: vec3u) {
    if id.x >= image.width / 2u || id.y >= image.height / 2u {
        return;
    }
    let x = i32(id.x * 2u);
    let y = i32(id.y * 2u);
    let texel_1 = texel(x, y);
    let texel_2 = texel(x + 1i, y);
    let texel_3 = texel(x, y + 1i);
    let texel_4 = texel(x + 1i, y + 1i);
    let c = (texel_1 + texel_2 + texel_3 + texel_4) * 0.25f;
    store(id.x, id.y, c);
}

@compute @workgroup_size(16, 16, 1)
fn luma_histogram(@builtin(global_invocation_id) id: vec3u, @builtin(local_invocation_index) lane: u32) {
    atomicStore(&local_bins[lane], 0u);
    workgroupBarrier();
    let inside_1 = inside(id);
    if inside_1 {
        let texel_1 = texel(i32(id.x), i32(id.y));
        let luma_1 = luma(texel_1);
        let bin = u32(luma_1 * 255.0f + 0.5f);
        atomicAdd(&local_bins[min(bin, 255u)], 1u);
    }
    workgroupBarrier();
    let count = atomicLoad(&local_bins[lane]);
    if count > 0u {
        atomicAdd(&histogram[min(lane, 255u)], count);
    }
}
