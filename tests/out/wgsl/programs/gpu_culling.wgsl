struct CullParams {
    view: mat4x4f,
    proj: mat4x4f,
    planes: array<vec4f, 6>,
    screen_size: vec2f,
    pyramid_size: vec2f,
    object_count: u32,
    lod_bias: f32,
    occlusion_enabled: u32,
    max_per_lod: u32,
}

struct Object {
    center_radius: vec4f,
    mesh: u32,
    flags: u32,
    pad0: u32,
    pad1: u32,
}

struct MeshLod {
    index_count: u32,
    first_index: u32,
    vertex_offset: i32,
    max_screen_size: f32,
}

struct DrawIndexedIndirect {
    index_count: u32,
    instance_count: atomic<u32>,
    first_index: u32,
    vertex_offset: i32,
    first_instance: u32,
}

struct Stats {
    tested: atomic<u32>,
    frustum_culled: atomic<u32>,
    occlusion_culled: atomic<u32>,
    drawn_per_lod: array<atomic<u32>, 4>,
}

@group(0) @binding(0) var<uniform> cull: CullParams;
@group(0) @binding(1) var<storage, read> objects: array<Object>;
@group(0) @binding(2) var<storage, read> lods: array<MeshLod, 4>;
@group(0) @binding(3) var<storage, read_write> draw_args: array<DrawIndexedIndirect, 4>;
@group(0) @binding(4) var<storage, read_write> visible: array<u32>;
@group(0) @binding(5) var<storage, read_write> stats: Stats;
@group(0) @binding(6) var depth_pyramid: texture_2d<f32>;
@group(0) @binding(7) var pyramid_sampler: sampler;

fn sphere_in_frustum(center: vec3f, radius: f32) -> bool {
    var i: i32 = 0i;
    var v: u32 = 5u;
    var v_1: bool = true;
    loop {
        if !v_1 {
            break;
        }
        let t = cull.planes[min(u32(i), 5u)];
        if dot(t.xyz, center) + cull.planes[min(u32(i), 5u)].w < -radius {
            return false;
        }
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
    }
    return true;
}

fn project_sphere(c: vec3f, r: f32) -> vec4f {
    let cx = vec2f(c.x, -c.z);
    let vx = vec2f(sqrt(dot(cx, cx) - r * r), r);
    let min_x = mat2x2f(vec2f(vx.x, vx.y), vec2f(-vx.y, vx.x)) * cx;
    let max_x = mat2x2f(vec2f(vx.x, -vx.y), vec2f(vx.y, vx.x)) * cx;
    let cy = vec2f(c.y, -c.z);
    let vy = vec2f(sqrt(dot(cy, cy) - r * r), r);
    let min_y = mat2x2f(vec2f(vy.x, vy.y), vec2f(-vy.y, vy.x)) * cy;
    let max_y = mat2x2f(vec2f(vy.x, -vy.y), vec2f(vy.y, vy.x)) * cy;
    let p00 = cull.proj[0u].x;
    let p11 = cull.proj[1u].y;
    let result = vec4f(min_x.x / min_x.y * p00, min_y.x / min_y.y * p11, max_x.x / max_x.y * p00, max_y.x / max_y.y * p11);
    return result.xwzy * vec4f(0.5f, -0.5f, 0.5f, -0.5f) + vec4f(0.5f);
}

fn occluded(view_center: vec3f, radius: f32) -> bool {
    if -view_center.z - radius < 0.1f {
        return false;
    }
    let rect = project_sphere(view_center, radius);
    let size = (rect.zw - rect.xy) * cull.pyramid_size;
    let level = floor(log2(max(size.x, size.y)));
    let texel = textureSampleLevel(depth_pyramid, pyramid_sampler, (rect.xy + rect.zw) * 0.5f, level);
    let depth = texel.x;
    let near_point = cull.proj * vec4f(view_center + vec3f(0.0f, 0.0f, radius), 1.0f);
    let sphere_depth = near_point.z / near_point.w;
    return sphere_depth > depth;
}

fn select_lod(view_center: vec3f, radius: f32) -> u32 {
    let distance_ = max(-view_center.z, 0.001f);
    let screen_diameter = 2.0f * radius * cull.proj[1u].y / distance_ * cull.screen_size.y * 0.5f * cull.lod_bias;
    var i: i32 = 3i;
    var v: u32 = 3u;
    var v_1: bool = true;
    var lod: u32 = 3u;
    var lod_1: u32;
    loop {
        if !v_1 {
            lod_1 = lod;
            break;
        }
        let max_screen_size = lods[min(u32(i), 3u)].max_screen_size;
        var lod_2: u32 = lod;
        if screen_diameter > max_screen_size {
            lod_2 = u32(max(i - 1i, 0i));
        }
        let next_v = v != 0u;
        i = i + -1i;
        v = v - 1u;
        v_1 = next_v;
        lod = lod_2;
    }
    return lod_1;
}

@compute @workgroup_size(64, 1, 1)
fn cull_objects(@builtin(global_invocation_id) id: vec3u) {
    let index = id.x;
    var v: bool;
    if index >= cull.object_count {
        v = true;
    } else {
        let t = arrayLength(&objects);
        v = index >= u32(i32(t));
    }
    if v {
        return;
    }
    atomicAdd(&stats.tested, 1u);
    let object = objects[min(index, arrayLength(&objects) - 1u)];
    let t_1 = object.center_radius;
    let center = t_1.xyz;
    let radius = object.center_radius.w;
    let always = (object.flags & 1u) != 0u;
    var v_1: bool = false;
    if !always {
        let sphere_in_frustum_1 = sphere_in_frustum(center, radius);
        v_1 = !sphere_in_frustum_1;
    }
    if v_1 {
        atomicAdd(&stats.frustum_culled, 1u);
        return;
    }
    let t_2 = cull.view * vec4f(center, 1.0f);
    let view_center = t_2.xyz;
    var v_2: bool = false;
    if !always && cull.occlusion_enabled != 0u && (object.flags & 2u) == 0u {
        let occluded_1 = occluded(view_center, radius);
        v_2 = occluded_1;
    }
    if v_2 {
        atomicAdd(&stats.occlusion_culled, 1u);
        return;
    }
    let lod = select_lod(view_center, radius);
    let slot = atomicAdd(&draw_args[min(lod, 3u)].instance_count, 1u);
    if slot < cull.max_per_lod {
        visible[min(lod * cull.max_per_lod + slot, arrayLength(&visible) - 1u)] = index;
        atomicAdd(&stats.drawn_per_lod[min(lod, 3u)], 1u);
    } else {
        atomicSub(&draw_args[min(lod, 3u)].instance_count, 1u);
    }
}

@compute @workgroup_size(4, 1, 1)
fn reset_draws(@builtin(local_invocation_index) lod: u32) {
    let index_count = lods[min(lod, 3u)].index_count;
    draw_args[min(lod, 3u)].index_count = index_count;
    atomicStore(&draw_args[min(lod, 3u)].instance_count, 0u);
    let first_index = lods[min(lod, 3u)].first_index;
    draw_args[min(lod, 3u)].first_index = first_index;
    let vertex_offset = lods[min(lod, 3u)].vertex_offset;
    draw_args[min(lod, 3u)].vertex_offset = vertex_offset;
    draw_args[min(lod, 3u)].first_instance = lod * cull.max_per_lod;
    if lod == 0u {
        atomicStore(&stats.tested, 0u);
        atomicStore(&stats.frustum_culled, 0u);
        atomicStore(&stats.occlusion_culled, 0u);
    }
    atomicStore(&stats.drawn_per_lod[min(lod, 3u)], 0u);
}
