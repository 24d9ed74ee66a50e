struct mat2x2f_std140 {
    @size(16) c0: vec2f,
    @size(16) c1: vec2f,
}

struct T1_std140 {
    transform1: mat2x2f_std140,
}

struct T2_std140 {
    transform2: mat2x2f_std140,
}

struct Output {
    position: vec4f,
    color: vec4f,
}

struct Normals {
    f: vec3f,
}

struct InstancedOutput {
    @builtin(position) position: vec4f,
    @location(0) color: vec4f,
}

struct FilledOutput {
    @builtin(position) position: vec4f,
    @location(0) color: vec4f,
}

@group(0) @binding(0) var<uniform> x_20: T1_std140;
@group(1) @binding(0) var<uniform> x_26: T2_std140;

fn fill(out: Output) -> Output {
    var out_1: Output = out;
    out_1.position = vec4f(1.0f, 2.0f, 3.0f, 4.0f);
    return out_1;
}

@vertex
fn vs_main(@builtin(vertex_index) in_vertex_index: u32) -> @builtin(position) vec4f {
    var local: array<vec4f, 3> = array<vec4f, 3>(vec4f(0.0f, 0.0f, 0.0f, 1.0f), vec4f(0.0f, 1.0f, 0.0f, 1.0f), vec4f(1.0f, 1.0f, 0.0f, 1.0f));
    let t = local[in_vertex_index];
    return t;
}

@vertex
fn instanced(@builtin(vertex_index) vertex: u32, @builtin(instance_index) instance: u32) -> InstancedOutput {
    var zv: array<vec2f, 4>;
    var colors: array<vec4f, 4>;
    zv = array<vec2f, 4>(vec2f(0.2f), vec2f(0.3f), vec2f(-0.1f), vec2f(1.1f));
    let z = zv[instance].x;
    colors = array<vec4f, 4>(vec4f(1.0f, 0.0f, 0.0f, 1.0f), vec4f(0.0f, 1.0f, 0.0f, 1.0f), vec4f(0.0f, 0.0f, 1.0f, 1.0f), vec4f(1.0f));
    let t = vec4f(0.5f, 0.5f, z, 1.0f);
    let t_1 = colors[instance];
    let output = Output(t, t_1);
    var t_2: vec4f = t;
    t_2.x = t.x + f32(vertex) * 0.0f;
    var output_1: Output = output;
    output_1.position = t_2;
    return InstancedOutput(output_1.position, output_1.color);
}

@vertex
fn face(@builtin(vertex_index) vertex: u32) -> @builtin(position) vec4f {
    var local: array<Normals, 1> = array<Normals, 1>(Normals(vec3f(0.0f, 0.0f, 1.0f)));
    let zero = i32(vertex) * 0i;
    let f = local[zero].f;
    return vec4f(f, 1.0f);
}

@vertex
fn filled() -> FilledOutput {
    let fill_1 = fill(Output(vec4f(0.0f), vec4f(0.5f)));
    return FilledOutput(fill_1.position, fill_1.color);
}

@vertex
fn transformed(@builtin(vertex_index) gl_vertex_index: u32) -> @builtin(position) vec4f {
    var indexable: array<vec2f, 3>;
    indexable = array<vec2f, 3>(vec2f(-1.0f, 1.0f), vec2f(1.0f), vec2f(-1.0f));
    let t1 = mat2x2f(x_20.transform1.c0, x_20.transform1.c1);
    let t2 = mat2x2f(x_26.transform2.c0, x_26.transform2.c1);
    let t = indexable[gl_vertex_index];
    let p = mat2x2f(t1[0] + t2[0], t1[1] + t2[1]) * t;
    return vec4f(p.x, p.y, 0.0f, 1.0f);
}
