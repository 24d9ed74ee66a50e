struct Globals {
    scale: f32,
    @size(12) offset: f32,
}

struct VertexOutput {
    @builtin(position) position: vec4f,
    @location(0) value: f32,
}

@group(0) @binding(0) var<uniform> globals: Globals;
@group(0) @binding(1) var<storage, read_write> values: array<f32>;

@vertex
fn vertex(@builtin(vertex_index) index: u32) -> VertexOutput {
    let vertex_Output = f32(index) * globals.scale;
    let output = vec4f(vertex_Output, 0.0f, 0.0f, 1.0f);
    return VertexOutput(output, vertex_Output + globals.offset);
}

@fragment
fn fragment(@location(0) value: f32) -> @location(0) vec4f {
    let input = value * 2.0f;
    return vec4f(input);
}

@compute @workgroup_size(1, 1, 1)
fn kernel(@builtin(global_invocation_id) gl_GlobalInvocationID: vec3u) {
    let main_1 = gl_GlobalInvocationID.x;
    let t = arrayLength(&values);
    if main_1 < u32(i32(t)) {
        let t_1 = values[min(main_1, arrayLength(&values) - 1u)];
        values[min(main_1, arrayLength(&values) - 1u)] = t_1 * globals.scale + globals.offset;
    }
}

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(local_invocation_index) SV_GroupIndex: u32) {
    let t = arrayLength(&values);
    if SV_GroupIndex < u32(i32(t)) {
        let t_1 = values[min(SV_GroupIndex, arrayLength(&values) - 1u)];
        values[min(SV_GroupIndex, arrayLength(&values) - 1u)] = -t_1;
    }
}
