diagnostic(off, derivative_uniformity);

struct Shape {
    rect: vec4f,
    color: vec4f,
    border_color: vec4f,
    radius: f32,
    border: f32,
    shadow_offset: vec2f,
    kind: u32,
    hard: u32,
    pad: vec2f,
}

struct ShapeVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) offset: vec2f,
    @location(1) @interpolate(flat) index: u32,
}

@group(0) @binding(0) var<storage, read> shapes: array<Shape>;

fn sd_round_rect(p: vec2f, half_size: vec2f, r: f32) -> f32 {
    let q = abs(p) - half_size + vec2f(r);
    return length(max(q, vec2f(0.0f))) + min(max(q.x, q.y), 0.0f) - r;
}

fn sd_ring(p: vec2f, radius: f32, width: f32) -> f32 {
    return abs(length(p) - radius) - width * 0.5f;
}

fn coverage(d: f32, hard: bool) -> f32 {
    let t = fwidth(d);
    let w = max(t, 0.0001f);
    let soft = smoothstep(w, -w, d);
    let t_1 = -0.0f;
    let exact = 1.0f - smoothstep(t_1, 0.0f, d);
    return select(soft, exact, hard);
}

@vertex
fn shape_vs(@builtin(vertex_index) vid: u32, @builtin(instance_index) inst: u32) -> ShapeVsOutput {
    let s = shapes[min(inst, arrayLength(&shapes) - 1u)];
    let corner = vec2f(f32(vid & 1u), f32((vid >> 1u) & 1u)) * 2.0f - vec2f(1.0f);
    let grow = 6.0f + length(s.shadow_offset);
    let t = s.rect;
    let offset = corner * (t.zw + vec2f(grow));
    let t_1 = s.rect;
    let pixel = t_1.xy + offset;
    return ShapeVsOutput(vec4f(pixel / vec2f(512.0f) - vec2f(1.0f), 0.0f, 1.0f), offset, inst);
}

@fragment
fn shape_fs(@location(0) offset: vec2f, @location(1) @interpolate(flat) index: u32) -> @location(0) vec4f {
    let s = shapes[min(index, arrayLength(&shapes) - 1u)];
    let r = clamp(s.radius * 1.0f, 0.0f, min(s.rect.z, s.rect.w));
    var d: f32;
    if s.kind == 0u {
        let t = s.rect;
        let sd_round_rect_1 = sd_round_rect(offset, t.zw, r);
        d = sd_round_rect_1;
    } else {
        let sd_ring_1 = sd_ring(offset, s.rect.z, s.border);
        d = sd_ring_1;
    }
    let inside = coverage(d, s.hard != 0u);
    let border = coverage(abs(d + s.border * 0.5f) - s.border * 0.5f, s.hard != 0u);
    let t_1 = s.rect;
    let shadow_d = sd_round_rect(offset - s.shadow_offset, t_1.zw, r);
    let t_2 = 6.0f;
    let shadow = smoothstep(t_2, 0.0f, shadow_d) * 0.35f;
    let fill = mix(s.color, s.border_color, vec4f(clamp(border, 0.0f, 1.0f) * step(0.5f, s.border)));
    let a = fill.w * inside;
    let out_a = a + shadow * (1.0f - a);
    return vec4f(fill.xyz * a / vec3f(max(out_a, 0.0001f)), out_a);
}
