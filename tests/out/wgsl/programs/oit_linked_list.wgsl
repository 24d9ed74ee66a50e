diagnostic(off, derivative_uniformity);

struct Counter {
    count: atomic<u32>,
    capacity: u32,
    width: u32,
}

struct Node {
    color: u32,
    depth: f32,
    next: u32,
}

@group(0) @binding(0) var<storage, read_write> counter: Counter;
@group(0) @binding(1) var<storage, read_write> nodes: array<Node>;
@group(0) @binding(2) var<storage, read_write> heads: array<atomic<u32>>;
@group(0) @binding(3) var albedo_tex: texture_2d<f32>;
@group(0) @binding(4) var albedo_samp: sampler;

// @early_depth: WGSL cannot force early fragment tests
@fragment
fn collect(@builtin(position) pos: vec4f, @location(0) uv: vec2f, @location(1) alpha: f32) {
    let c = textureSample(albedo_tex, albedo_samp, uv);
    let slot = atomicAdd(&counter.count, 1u);
    let capacity = counter.capacity;
    if slot < capacity {
        let p = vec2u(pos.xy);
        let width = counter.width;
        let prev = atomicExchange(&heads[min(p.y * width + p.x, arrayLength(&heads) - 1u)], slot);
        nodes[min(slot, arrayLength(&nodes) - 1u)] = Node(pack4x8unorm(vec4f(c.xyz, alpha)), pos.z, prev);
    }
}

@fragment
fn resolve(@builtin(position) pos: vec4f) -> @location(0) vec4f {
    var colors: array<u32, 8>;
    var depths: array<f32, 8>;
    let p = vec2u(pos.xy);
    let width = counter.width;
    let head = atomicLoad(&heads[min(p.y * width + p.x, arrayLength(&heads) - 1u)]);
    colors = array<u32, 8>(0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u);
    depths = array<f32, 8>(1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f);
    var v: u32 = 0u;
    var head_1: u32 = head;
    var n: i32 = 0i;
    var n_1: i32;
    loop {
        if !(v < 8u) {
            n_1 = n;
            break;
        }
        if !(head_1 != 4294967295u && n < 8i) {
            n_1 = n;
            break;
        }
        let color = nodes[min(head_1, arrayLength(&nodes) - 1u)].color;
        colors[n] = color;
        let depth = nodes[min(head_1, arrayLength(&nodes) - 1u)].depth;
        depths[n] = depth;
        let head_2 = nodes[min(head_1, arrayLength(&nodes) - 1u)].next;
        let n_2 = n + 1i;
        v = v + 1u;
        head_1 = head_2;
        n = n_2;
    }
    let t = n_1 - 1i;
    var i: i32 = 1i;
    var v_1: u32 = bitcast<u32>(t) - 1u;
    var v_2: bool = 1i <= t;
    var v_3: u32 = 0u;
    loop {
        if !(v_3 < 8u) {
            break;
        }
        if !v_2 {
            break;
        }
        var v_4: u32 = 0u;
        var j: i32 = i;
        loop {
            if !(v_4 < 8u) {
                break;
            }
            var v_5: bool = false;
            if j > 0i {
                let t_1 = depths[j - 1i];
                let t_2 = depths[j];
                v_5 = t_1 < t_2;
            }
            if !v_5 {
                break;
            }
            let t_3 = depths[j];
            let t_4 = depths[j - 1i];
            depths[j] = t_4;
            depths[j - 1i] = t_3;
            let u = colors[j];
            let t_5 = colors[j - 1i];
            colors[j] = t_5;
            colors[j - 1i] = u;
            let j_1 = j - 1i;
            v_4 = v_4 + 1u;
            j = j_1;
        }
        let next_v = v_1 != 0u;
        i = i + 1i;
        v_1 = v_1 - 1u;
        v_2 = next_v;
        v_3 = v_3 + 1u;
    }
    let t_6 = n_1 - 1i;
    var i_1: i32 = 0i;
    var v_6: u32 = bitcast<u32>(t_6) - 0u;
    var v_7: bool = 0i <= t_6;
    var v_8: u32 = 0u;
    var result: vec4f = vec4f(0.0f);
    var result_1: vec4f;
    loop {
        if !(v_8 < 8u) {
            result_1 = result;
            break;
        }
        if !v_7 {
            result_1 = result;
            break;
        }
        let t_7 = colors[i_1];
        let s = unpack4x8unorm(t_7);
        let result_2 = vec4f(mix(result.xyz, s.xyz, vec3f(s.w)), result.w + s.w * (1.0f - result.w));
        let next_v_1 = v_6 != 0u;
        i_1 = i_1 + 1i;
        v_6 = v_6 - 1u;
        v_7 = next_v_1;
        v_8 = v_8 + 1u;
        result = result_2;
    }
    return result_1;
}
