@group(0) @binding(0) var<storage, read_write> points: array<vec4f>;
@group(0) @binding(0) var<storage, read> points_read: array<vec4f>;

fn read_point(i: u32) -> vec4f {
    let t = points_read[min(i, arrayLength(&points_read) - 1u)];
    return t;
}

@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4f {
    let read_point_1 = read_point(index);
    return read_point_1;
}

@compute @workgroup_size(64, 1, 1)
fn cs(@builtin(global_invocation_id) id: vec3u) {
    let t = id.x;
    points[min(t, arrayLength(&points) - 1u)] = vec4f(f32(t));
}
