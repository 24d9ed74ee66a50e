struct Grid {
    inv_proj: mat4x4f,
    view: mat4x4f,
    dims: vec3u,
    light_count: u32,
    screen: vec2f,
    near_far: vec2f,
}

struct PointLight {
    position: vec3f,
    radius: f32,
    color: vec3f,
    intensity: f32,
}

struct Cluster {
    min_point: vec4f,
    max_point: vec4f,
}

struct TileBin {
    count: atomic<u32>,
    overflow: u32,
    items: array<u32, 32>,
}

@group(0) @binding(0) var<uniform> grid: Grid;
@group(0) @binding(1) var<storage, read> lights: array<PointLight>;
@group(0) @binding(2) var<storage, read_write> clusters: array<Cluster>;
@group(0) @binding(3) var<storage, read_write> index_list: array<u32>;
@group(0) @binding(4) var<storage, read_write> counters: array<atomic<u32>, 2>;
var<workgroup> bins: array<TileBin, 4>;
var<workgroup> local_lights: array<PointLight, 64>;
var<workgroup> flags: array<bool, 4>;

fn screen_to_view(p: vec4f) -> vec3f {
    let clip = vec4f(p.xy / grid.screen * 2.0f - vec2f(1.0f), p.z, p.w);
    let view = grid.inv_proj * clip;
    return view.xyz / vec3f(view.w);
}

fn sphere_aabb(center: vec3f, radius: f32, lo: vec3f, hi: vec3f) -> bool {
    var axis: i32 = 0i;
    var v: u32 = 2u;
    var v_1: bool = true;
    var d: f32 = 0.0f;
    var d_1: f32;
    loop {
        if !v_1 {
            d_1 = d;
            break;
        }
        let c = center[axis];
        var d_2: f32 = d;
        if c < lo[axis] {
            d_2 = d + (lo[axis] - c) * (lo[axis] - c);
        } else if c > hi[axis] {
            d_2 = d + (c - hi[axis]) * (c - hi[axis]);
        }
        let next_v = v != 0u;
        axis = axis + 1i;
        v = v - 1u;
        v_1 = next_v;
        d = d_2;
    }
    return d_1 <= radius * radius;
}

@compute @workgroup_size(4, 4, 4)
fn assign(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) li: u32, @builtin(local_invocation_id) lid: vec3u) {
    let cluster_id = (wg.z * 4u + lid.z) * grid.dims.x * grid.dims.y + (wg.y * 4u + lid.y) * grid.dims.x + wg.x * 4u + lid.x;
    let cl = clusters[min(cluster_id, arrayLength(&clusters) - 1u)];
    let bin = li & 3u;
    if li < 4u {
        atomicStore(&bins[li].count, 0u);
        bins[li].overflow = 0u;
        flags[li] = false;
    }
    workgroupBarrier();
    var v: u32 = 0u;
    var base: u32 = 0u;
    loop {
        if !(v < 64u) {
            break;
        }
        if !(base < grid.light_count) {
            break;
        }
        let idx = base + li;
        if idx < grid.light_count {
            let t = lights[min(idx, arrayLength(&lights) - 1u)];
            local_lights[li] = t;
        }
        workgroupBarrier();
        let n = min(64u, grid.light_count - base);
        let t_1 = i32(n) - 1i;
        var k: i32 = 0i;
        var v_1: u32 = bitcast<u32>(t_1) - 0u;
        var v_2: bool = 0i <= t_1;
        var v_3: u32 = 0u;
        loop {
            if !(v_3 < 64u) {
                break;
            }
            if !v_2 {
                break;
            }
            let l = local_lights[k];
            let t_2 = grid.view * vec4f(l.position, 1.0f);
            let center = t_2.xyz;
            let t_3 = cl.min_point;
            let t_4 = cl.max_point;
            let sphere_aabb_1 = sphere_aabb(center, l.radius, t_3.xyz, t_4.xyz);
            if sphere_aabb_1 {
                let slot = atomicAdd(&bins[bin].count, 1u);
                if slot < 32u {
                    bins[bin].items[slot] = base + u32(k);
                } else {
                    let overflow = bins[bin].overflow;
                    bins[bin].overflow = overflow + 1u;
                    flags[bin] = true;
                }
            }
            let next_v = v_1 != 0u;
            k = k + 1i;
            v_1 = v_1 - 1u;
            v_2 = next_v;
            v_3 = v_3 + 1u;
        }
        workgroupBarrier();
        let base_1 = base + 64u;
        v = v + 1u;
        base = base_1;
    }
    workgroupBarrier();
    if li < 4u {
        let t_5 = atomicLoad(&bins[li].count);
        let count = min(t_5, 32u);
        let offset = atomicAdd(&counters[0u], count);
        let t_6 = i32(count) - 1i;
        var j: i32 = 0i;
        var v_4: u32 = bitcast<u32>(t_6) - 0u;
        var v_5: bool = 0i <= t_6;
        var v_6: u32 = 0u;
        loop {
            if !(v_6 < 32u) {
                break;
            }
            if !v_5 {
                break;
            }
            let t_7 = bins[li].items[j];
            index_list[min(offset + u32(j), arrayLength(&index_list) - 1u)] = t_7;
            let next_v_1 = v_4 != 0u;
            j = j + 1i;
            v_4 = v_4 - 1u;
            v_5 = next_v_1;
            v_6 = v_6 + 1u;
        }
        let t_8 = flags[li];
        if t_8 {
            let overflow_1 = bins[li].overflow;
            atomicAdd(&counters[1u], overflow_1);
        }
    }
    let v_7 = screen_to_view(vec4f(vec2f(wg.xy), 0.5f, 1.0f));
    clusters[min(cluster_id, arrayLength(&clusters) - 1u)].min_point.w = v_7.z;
}
