struct CullUniforms {
    inv_proj: mat4x4f,
    screen_size: vec2u,
    light_count: u32,
    tile_count_x: u32,
}

struct PointLight {
    position_radius: vec4f,
    color: vec4f,
}

struct TileHeader {
    offset: u32,
    count: u32,
}

@group(0) @binding(0) var<uniform> cull: CullUniforms;
@group(0) @binding(1) var depth_texture: texture_2d<f32>;
@group(0) @binding(2) var<storage, read> lights: array<PointLight>;
@group(0) @binding(3) var<storage, read_write> light_indices: array<u32>;
@group(0) @binding(4) var<storage, read_write> tiles: array<TileHeader>;
@group(0) @binding(5) var<storage, read_write> allocator: atomic<u32>;
var<workgroup> tile_min_depth: atomic<u32>;
var<workgroup> tile_max_depth: atomic<u32>;
var<workgroup> tile_light_count: atomic<u32>;
var<workgroup> tile_lights: array<u32, 64>;
var<workgroup> tile_offset: u32;

fn view_from_ndc(ndc: vec3f) -> vec3f {
    let v = cull.inv_proj * vec4f(ndc, 1.0f);
    return v.xyz / vec3f(v.w);
}

fn eye_plane(a: vec3f, b: vec3f) -> vec4f {
    return vec4f(normalize(cross(a, b)), 0.0f);
}

fn sphere_outside(plane: vec4f, center: vec3f, radius: f32) -> bool {
    return dot(plane.xyz, center) + plane.w < -radius;
}

@compute @workgroup_size(16, 16, 1)
fn cull_lights(@builtin(global_invocation_id) pixel: vec3u, @builtin(local_invocation_index) lane: u32, @builtin(workgroup_id) tile: vec3u) {
    var planes: array<vec4f, 6>;
    if lane == 0u {
        atomicStore(&tile_min_depth, 2139095039u);
        atomicStore(&tile_max_depth, 0u);
        atomicStore(&tile_light_count, 0u);
    }
    workgroupBarrier();
    if pixel.x < cull.screen_size.x && pixel.y < cull.screen_size.y {
        let depth = textureLoad(depth_texture, vec2i(pixel.xy), 0i).x;
        let bits = bitcast<u32>(depth);
        atomicMin(&tile_min_depth, bits);
        atomicMax(&tile_max_depth, bits);
    }
    workgroupBarrier();
    let t = atomicLoad(&tile_min_depth);
    let min_depth = bitcast<f32>(t);
    let t_1 = atomicLoad(&tile_max_depth);
    let max_depth = bitcast<f32>(t_1);
    let tile_min = vec2f(tile.xy * vec2u(16u)) / vec2f(cull.screen_size);
    let tile_max = vec2f((tile.xy + vec2u(1u)) * vec2u(16u)) / vec2f(cull.screen_size);
    let ndc_min = vec2f(tile_min.x * 2.0f - 1.0f, 1.0f - tile_max.y * 2.0f);
    let ndc_max = vec2f(tile_max.x * 2.0f - 1.0f, 1.0f - tile_min.y * 2.0f);
    let view_from_ndc_1 = view_from_ndc(vec3f(ndc_min.x, ndc_min.y, 1.0f));
    let view_from_ndc_2 = view_from_ndc(vec3f(ndc_max.x, ndc_min.y, 1.0f));
    let view_from_ndc_3 = view_from_ndc(vec3f(ndc_max.x, ndc_max.y, 1.0f));
    let view_from_ndc_4 = view_from_ndc(vec3f(ndc_min.x, ndc_max.y, 1.0f));
    let eye_plane_1 = eye_plane(view_from_ndc_1, view_from_ndc_2);
    let eye_plane_2 = eye_plane(view_from_ndc_2, view_from_ndc_3);
    let eye_plane_3 = eye_plane(view_from_ndc_3, view_from_ndc_4);
    let eye_plane_4 = eye_plane(view_from_ndc_4, view_from_ndc_1);
    let view_from_ndc_5 = view_from_ndc(vec3f(0.0f, 0.0f, min_depth));
    let view_from_ndc_6 = view_from_ndc(vec3f(0.0f, 0.0f, max_depth));
    planes = array<vec4f, 6>(eye_plane_1, eye_plane_2, eye_plane_3, eye_plane_4, vec4f(0.0f, 0.0f, -1.0f, view_from_ndc_5.z), vec4f(0.0f, 0.0f, 1.0f, -view_from_ndc_6.z));
    var v: u32 = 0u;
    var light_index: u32 = lane;
    loop {
        if !(v < 1024u) {
            break;
        }
        if !(light_index < cull.light_count) {
            break;
        }
        let light = lights[min(light_index, arrayLength(&lights) - 1u)];
        var p: i32 = 0i;
        var v_1: u32 = 5u;
        var v_2: bool = true;
        var visible: bool;
        loop {
            if !v_2 {
                visible = true;
                break;
            }
            let t_2 = planes[p];
            let t_3 = light.position_radius;
            let sphere_outside_1 = sphere_outside(t_2, t_3.xyz, light.position_radius.w);
            if sphere_outside_1 {
                visible = false;
                break;
            }
            let next_v = v_1 != 0u;
            p = p + 1i;
            v_1 = v_1 - 1u;
            v_2 = next_v;
        }
        if visible {
            let slot = atomicAdd(&tile_light_count, 1u);
            if slot < 64u {
                tile_lights[slot] = light_index;
            }
        }
        let light_index_1 = light_index + 256u;
        v = v + 1u;
        light_index = light_index_1;
    }
    workgroupBarrier();
    let t_4 = atomicLoad(&tile_light_count);
    let count = min(t_4, 64u);
    let tile_index = tile.y * cull.tile_count_x + tile.x;
    if lane == 0u {
        let t_5 = atomicAdd(&allocator, count);
        tile_offset = t_5;
        let tile_offset_1 = tile_offset;
        tiles[min(tile_index, arrayLength(&tiles) - 1u)] = TileHeader(tile_offset_1, count);
    }
    workgroupBarrier();
    if lane < count {
        let tile_offset_2 = tile_offset;
        let destination = tile_offset_2 + lane;
        let t_6 = arrayLength(&light_indices);
        if destination < u32(i32(t_6)) {
            let t_7 = tile_lights[lane];
            light_indices[min(destination, arrayLength(&light_indices) - 1u)] = t_7;
        }
    }
}
