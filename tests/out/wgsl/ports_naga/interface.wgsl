struct VertexOutput {
    @builtin(position) position: vec4f,
    @location(1) varying_: f32,
    @location(3) @interpolate(flat) flat_: u32,
    @location(4) @interpolate(linear) linear_: vec2f,
    @location(5) perspective: vec4f,
    @location(8) @interpolate(flat) iflat: vec3i,
}

struct FragmentOutput {
    @builtin(frag_depth) depth: f32,
    @builtin(sample_mask) sample_mask: u32,
    @location(0) color: vec4f,
}

@group(0) @binding(0) var<storage, read_write> output: array<u32>;

@vertex
fn vertex(@builtin(vertex_index) vertex_index: u32, @builtin(instance_index) instance_index: u32, @location(10) color: u32) -> VertexOutput {
    let tmp = vertex_index + instance_index + color;
    return VertexOutput(vec4f(1.0f), f32(tmp), tmp * 2u, vec2f(27.0f, 64.0f), vec4f(729.0f, 1000.0f, 1331.0f, 1728.0f), vec3i(-1i, i32(tmp), 3i));
}

@fragment
fn fragment(@location(1) varying_: f32, @location(3) @interpolate(flat) flat_: u32, @location(4) @interpolate(linear) linear_: vec2f, @location(5) perspective: vec4f, @location(8) @interpolate(flat) iflat: vec3i, @builtin(front_facing) front_facing: bool, @builtin(sample_index) sample_index: u32, @builtin(sample_mask) sample_mask: u32) -> FragmentOutput {
    let mask = sample_mask & (1u << sample_index);
    let color = select(0.0f, 1.0f, front_facing);
    return FragmentOutput(varying_ * 0.001f, mask, vec4f(color, f32(flat_) + linear_.x, perspective.w, f32(iflat.y)));
}

@compute @workgroup_size(4, 2, 1)
fn compute(@builtin(global_invocation_id) global_id: vec3u, @builtin(local_invocation_id) local_id: vec3u, @builtin(local_invocation_index) local_index: u32, @builtin(workgroup_id) wg_id: vec3u) {
    output[min(local_index, arrayLength(&output) - 1u)] = global_id.x + local_id.y + local_index + wg_id.x + wg_id.z;
}
