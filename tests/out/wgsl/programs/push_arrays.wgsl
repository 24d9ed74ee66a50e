struct Corner {
    offset: vec2f,
    scale: f32,
}

struct Push {
    corners: array<Corner, 4>,
    palette: array<vec4f, 4>,
    levels: array<vec4f, 3>,
    transform: mat3x3f,
}

struct QuadVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uv: vec2f,
    @location(1) @interpolate(flat) slot: u32,
}

struct PushImmediate {
    corners_0_offset: vec2f,
    @size(8) corners_0_scale: f32,
    corners_1_offset: vec2f,
    @size(8) corners_1_scale: f32,
    corners_2_offset: vec2f,
    @size(8) corners_2_scale: f32,
    corners_3_offset: vec2f,
    @size(8) corners_3_scale: f32,
    palette_0: vec4f,
    palette_1: vec4f,
    palette_2: vec4f,
    palette_3: vec4f,
    levels_0: vec4f,
    levels_1: vec4f,
    levels_2: vec4f,
    transform: mat3x3f,
}
var<immediate> push_immediate: PushImmediate;

fn level(x: f32) -> f32 {
    var push: Push = Push(array<Corner, 4>(Corner(push_immediate.corners_0_offset, push_immediate.corners_0_scale), Corner(push_immediate.corners_1_offset, push_immediate.corners_1_scale), Corner(push_immediate.corners_2_offset, push_immediate.corners_2_scale), Corner(push_immediate.corners_3_offset, push_immediate.corners_3_scale)), array<vec4f, 4>(push_immediate.palette_0, push_immediate.palette_1, push_immediate.palette_2, push_immediate.palette_3), array<vec4f, 3>(push_immediate.levels_0, push_immediate.levels_1, push_immediate.levels_2), push_immediate.transform);
    let result = push.levels[0u].y;
    var i: i32 = 1i;
    var v: u32 = 1u;
    var v_1: bool = true;
    var result_1: f32 = result;
    var result_2: f32;
    loop {
        if !v_1 {
            result_2 = result_1;
            break;
        }
        var result_3: f32 = result_1;
        if x > push.levels[min(u32(i), 2u)].x {
            result_3 = push.levels[min(u32(i), 2u)].y;
        }
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        result_1 = result_3;
    }
    return result_2;
}

@vertex
fn quad_vs(@builtin(vertex_index) index: u32, @builtin(instance_index) instance: u32) -> QuadVsOutput {
    var push: Push = Push(array<Corner, 4>(Corner(push_immediate.corners_0_offset, push_immediate.corners_0_scale), Corner(push_immediate.corners_1_offset, push_immediate.corners_1_scale), Corner(push_immediate.corners_2_offset, push_immediate.corners_2_scale), Corner(push_immediate.corners_3_offset, push_immediate.corners_3_scale)), array<vec4f, 4>(push_immediate.palette_0, push_immediate.palette_1, push_immediate.palette_2, push_immediate.palette_3), array<vec4f, 3>(push_immediate.levels_0, push_immediate.levels_1, push_immediate.levels_2), push_immediate.transform);
    let corner = push.corners[min(index & 3u, 3u)];
    let p = push.transform * vec3f(corner.offset * corner.scale, 1.0f);
    return QuadVsOutput(vec4f(p.xy, 0.0f, 1.0f), corner.offset, instance & 3u);
}

@fragment
fn quad_fs(@location(0) uv: vec2f, @location(1) @interpolate(flat) slot: u32) -> @location(0) vec4f {
    var push: Push = Push(array<Corner, 4>(Corner(push_immediate.corners_0_offset, push_immediate.corners_0_scale), Corner(push_immediate.corners_1_offset, push_immediate.corners_1_scale), Corner(push_immediate.corners_2_offset, push_immediate.corners_2_scale), Corner(push_immediate.corners_3_offset, push_immediate.corners_3_scale)), array<vec4f, 4>(push_immediate.palette_0, push_immediate.palette_1, push_immediate.palette_2, push_immediate.palette_3), array<vec4f, 3>(push_immediate.levels_0, push_immediate.levels_1, push_immediate.levels_2), push_immediate.transform);
    let base = push.palette[min(slot, 3u)];
    let level_1 = level(uv.x);
    return vec4f(base.xyz * level_1, base.w);
}
