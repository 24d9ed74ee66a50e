struct DebugView {
    view_proj: mat4x4f,
    viewport: vec2f,
    line_width: f32,
    time: f32,
}

struct LineVertex {
    position: vec4f,
    color: vec4f,
}

struct LineVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) color: vec4f,
    @location(1) @interpolate(linear) edge: f32,
}

struct LabelVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uv: vec2f,
    @location(1) color: vec4f,
}

@group(0) @binding(0) var<uniform> view: DebugView;
@group(0) @binding(1) var<storage, read_write> line_vertices: array<LineVertex>;
@group(0) @binding(1) var<storage, read> line_vertices_read: array<LineVertex>;
@group(0) @binding(2) var font_atlas_tex: texture_2d<f32>;
@group(0) @binding(3) var font_atlas_samp: sampler;

@vertex
fn line_vs(@builtin(vertex_index) vertex: u32) -> LineVsOutput {
    let segment = vertex / 6u;
    let corner = vertex % 6u;
    let a = line_vertices_read[min(segment * 2u, arrayLength(&line_vertices_read) - 1u)];
    let b = line_vertices_read[min(segment * 2u + 1u, arrayLength(&line_vertices_read) - 1u)];
    let clip_a = view.view_proj * a.position;
    let clip_b = view.view_proj * b.position;
    let screen_a = clip_a.xy / vec2f(clip_a.w) * view.viewport;
    let screen_b = clip_b.xy / vec2f(clip_b.w) * view.viewport;
    let dir = normalize(screen_b - screen_a);
    let normal = vec2f(-dir.y, dir.x) * view.line_width / view.viewport;
    let use_b = corner == 1u || corner == 2u || corner == 4u;
    let side = select(1.0f, -1.0f, corner == 0u || corner == 1u || corner == 3u);
    let clip = select(clip_a, clip_b, use_b);
    return LineVsOutput(clip + vec4f(normal * side * clip.w, 0.0f, 0.0f), select(a.color, b.color, use_b), side);
}

@fragment
fn line_fs(@location(0) color: vec4f, @location(1) @interpolate(linear) edge: f32) -> @location(0) vec4f {
    let alpha = 1.0f - smoothstep(0.6f, 1.0f, abs(edge));
    return vec4f(color.xyz, color.w * alpha);
}

@fragment
fn dashed_line_fs(@builtin(position) clip: vec4f, @location(0) color: vec4f, @location(1) @interpolate(linear) edge: f32) -> @location(0) vec4f {
    let dash = step(0.5f, fract(clip.x * 0.05f + view.time));
    return vec4f(color.xyz, color.w * dash * 0.5f);
}

@vertex
fn label_vs(@location(0) position: vec2f, @location(1) uv: vec2f, @location(2) color: vec4f) -> LabelVsOutput {
    return LabelVsOutput(vec4f(position / view.viewport * 2.0f - vec2f(1.0f), 0.0f, 1.0f), uv, color);
}

@fragment
fn label_fs(@location(0) uv: vec2f, @location(1) color: vec4f) -> @location(0) vec4f {
    let texel = textureSample(font_atlas_tex, font_atlas_samp, uv);
    let coverage = texel.x;
    return vec4f(color.xyz, color.w * coverage);
}

@fragment
fn depth_only_fs(@builtin(position) frag: vec4f, @location(1) opacity: f32) {
    let pattern = fract(dot(floor(frag.xy), vec2f(0.5f, 0.25f)));
    if opacity < pattern {
        discard;
    }
}

@compute @workgroup_size(32, 1, 1)
fn make_circle(@builtin(global_invocation_id) id: vec3u) {
    let t = arrayLength(&line_vertices);
    let count = u32(i32(t)) / 2u;
    let segment = id.x;
    if segment >= count {
        return;
    }
    let step_angle = 6.2831855f / f32(count);
    let a0 = f32(segment) * step_angle;
    let a1 = a0 + step_angle;
    let color = vec4f(0.5f + 0.5f * cos(a0), 0.5f + 0.5f * sin(a0), 1.0f, 1.0f);
    line_vertices[min(segment * 2u, arrayLength(&line_vertices) - 1u)] = LineVertex(vec4f(cos(a0), 0.0f, sin(a0), 1.0f), color);
    line_vertices[min(segment * 2u + 1u, arrayLength(&line_vertices) - 1u)] = LineVertex(vec4f(cos(a1), 0.0f, sin(a1), 1.0f), color);
}
