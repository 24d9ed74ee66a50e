struct Screen {
    size: vec2u,
    near: f32,
    far: f32,
    @size(16) tiles_x: u32,
}

@group(0) @binding(0) var<uniform> screen: Screen;
@group(0) @binding(1) var<storage, read> depth: array<f32>;
@group(0) @binding(2) var<storage, read_write> tile_bounds: array<vec4f>;
var<workgroup> tile_min: array<f32, 256>;
var<workgroup> tile_max: array<f32, 256>;
var<workgroup> sky_count: atomic<u32>;

fn linear_depth(d: f32) -> f32 {
    return screen.near * screen.far / (screen.far - d * (screen.far - screen.near));
}

@compute @workgroup_size(16, 16, 1)
fn bounds(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lane: u32, @builtin(workgroup_id) group: vec3u) {
    if lane == 0u {
        atomicStore(&sky_count, 0u);
    }
    workgroupBarrier();
    var lo: f32 = 0x1.fffffep+127f;
    var hi: f32 = -0x1.fffffep+127f;
    if gid.x < screen.size.x && gid.y < screen.size.y {
        let d = depth[min(gid.y * screen.size.x + gid.x, arrayLength(&depth) - 1u)];
        var lo_1: f32 = 0x1.fffffep+127f;
        var hi_1: f32 = -0x1.fffffep+127f;
        if d < 1.0f {
            let z = linear_depth(d);
            lo_1 = z;
            hi_1 = z;
        } else {
            atomicAdd(&sky_count, 1u);
        }
        lo = lo_1;
        hi = hi_1;
    }
    tile_min[lane] = lo;
    tile_max[lane] = hi;
    workgroupBarrier();
    var v: u32 = 0u;
    var stride: i32 = 128i;
    loop {
        if !(v < 8u) {
            break;
        }
        if !(stride > 0i) {
            break;
        }
        if i32(lane) < stride {
            let t = tile_min[lane];
            let t_1 = tile_min[i32(lane) + stride];
            tile_min[lane] = min(t, t_1);
            let t_2 = tile_max[lane];
            let t_3 = tile_max[i32(lane) + stride];
            tile_max[lane] = max(t_2, t_3);
        }
        workgroupBarrier();
        let stride_1 = stride / 2i;
        v = v + 1u;
        stride = stride_1;
    }
    if lane == 0u {
        let t_4 = tile_min[0u];
        let empty = t_4 == 0x1.fffffep+127f;
        let index = group.y * screen.tiles_x + group.x;
        var v_1: f32;
        if empty {
            v_1 = 0.0f;
        } else {
            let t_5 = tile_min[0u];
            v_1 = t_5;
        }
        var v_2: f32;
        if empty {
            v_2 = 0.0f;
        } else {
            let t_6 = tile_max[0u];
            v_2 = t_6;
        }
        let t_7 = atomicLoad(&sky_count);
        tile_bounds[min(index, arrayLength(&tile_bounds) - 1u)] = vec4f(v_1, v_2, f32(t_7), select(0.0f, 1.0f, empty));
    }
}
