struct Params {
    width: u32,
    height: u32,
    horizontal: u32,
}

var<immediate> params: Params;
@group(0) @binding(0) var<storage, read> src: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4f>;
var<workgroup> tile: array<vec4f, 264>;

fn load_pixel(x: i32, y: i32) -> vec4f {
    let cx = clamp(x, 0i, i32(params.width) - 1i);
    let cy = clamp(y, 0i, i32(params.height) - 1i);
    let t = src[min(u32(cy * i32(params.width) + cx), arrayLength(&src) - 1u)];
    return t;
}

fn fetch(line: i32, pos: i32) -> vec4f {
    if params.horizontal != 0u {
        let load_pixel_1 = load_pixel(pos, line);
        return load_pixel_1;
    }
    let load_pixel_2 = load_pixel(line, pos);
    return load_pixel_2;
}

@compute @workgroup_size(256, 1, 1)
fn blur(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) group: vec3u) {
    var local: array<f32, 5> = array<f32, 5>(0.227027f, 0.1945946f, 0.1216216f, 0.054054f, 0.016216f);
    let line = i32(group.y);
    let start = i32(group.x) * 256i;
    let i = i32(lid);
    let pos = start + i - 4i;
    let fetch_1 = fetch(line, pos);
    tile[i] = fetch_1;
    if i < 8i {
        let fetch_2 = fetch(line, pos + 256i);
        tile[i + 256i] = fetch_2;
    }
    workgroupBarrier();
    let t = tile[i + 4i];
    let sum = t * 0.227027f;
    var k: i32 = 1i;
    var v: u32 = 3u;
    var v_1: bool = true;
    var sum_1: vec4f = sum;
    var sum_2: vec4f;
    loop {
        if !v_1 {
            sum_2 = sum_1;
            break;
        }
        let t_1 = tile[i + 4i - k];
        let t_2 = tile[i + 4i + k];
        let t_3 = local[k];
        let sum_3 = sum_1 + (t_1 + t_2) * t_3;
        let next_v = v != 0u;
        k = k + 1i;
        v = v - 1u;
        v_1 = next_v;
        sum_1 = sum_3;
    }
    let x = start + i;
    if params.horizontal != 0u {
        if x < i32(params.width) && line < i32(params.height) {
            dst[min(u32(line * i32(params.width) + x), arrayLength(&dst) - 1u)] = sum_2;
        }
    } else if x < i32(params.height) && line < i32(params.width) {
        dst[min(u32(x * i32(params.width) + line), arrayLength(&dst) - 1u)] = sum_2;
    }
}
