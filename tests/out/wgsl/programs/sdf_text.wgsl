diagnostic(off, derivative_uniformity);

struct TextStyle {
    screen_size: vec2f,
    distance_range: f32,
    outline_width: f32,
    outline_color: vec4f,
    shadow_offset: vec2f,
    shadow_softness: f32,
    shadow_opacity: f32,
}

struct Glyph {
    rect: vec4f,
    uv_rect: vec4f,
    color: vec4f,
}

struct GlyphVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uv: vec2f,
    @location(1) color: vec4f,
    @location(2) @interpolate(flat) glyph: u32,
}

@group(0) @binding(0) var<uniform> style: TextStyle;
@group(0) @binding(1) var<storage, read> glyphs: array<Glyph>;
@group(0) @binding(2) var atlas_tex: texture_2d<f32>;
@group(0) @binding(3) var atlas_samp: sampler;

fn median(r: f32, g: f32, b: f32) -> f32 {
    return max(min(r, g), min(max(r, g), b));
}

fn signed_distance(uv: vec2f) -> f32 {
    let texel = textureSample(atlas_tex, atlas_samp, uv);
    let msdf = texel.xyz;
    let median_1 = median(msdf.x, msdf.y, msdf.z);
    return median_1 - 0.5f;
}

fn screen_px_range(uv: vec2f) -> f32 {
    let unit_range = vec2f(style.distance_range) / vec2f(vec2i(textureDimensions(atlas_tex, 0i)));
    let t = fwidth(uv);
    let screen_tex_size = vec2f(1.0f) / t;
    return max(0.5f * dot(unit_range, screen_tex_size), 1.0f);
}

@vertex
fn glyph_vs(@builtin(vertex_index) vertex: u32, @builtin(instance_index) instance: u32) -> GlyphVsOutput {
    var local: array<vec2f, 6> = array<vec2f, 6>(vec2f(0.0f), vec2f(1.0f, 0.0f), vec2f(0.0f, 1.0f), vec2f(0.0f, 1.0f), vec2f(1.0f, 0.0f), vec2f(1.0f));
    let g = glyphs[min(instance, arrayLength(&glyphs) - 1u)];
    let corner = local[vertex % 6u];
    let t = g.rect;
    let t_1 = g.rect;
    let pixel = t.xy + corner * t_1.zw;
    let ndc = pixel / style.screen_size * 2.0f - vec2f(1.0f);
    let t_2 = g.uv_rect;
    let t_3 = g.uv_rect;
    return GlyphVsOutput(vec4f(ndc.x, -ndc.y, 0.0f, 1.0f), mix(t_2.xy, t_3.zw, corner), g.color, instance);
}

@fragment
fn glyph_fs(@location(0) uv: vec2f, @location(1) color: vec4f, @location(2) @interpolate(flat) glyph: u32) -> @location(0) vec4f {
    let px_range = screen_px_range(uv);
    let signed_distance_1 = signed_distance(uv);
    let distance_ = signed_distance_1 * px_range;
    let fill = saturate(distance_ + 0.5f);
    let outline = saturate(distance_ + 0.5f + style.outline_width * px_range);
    let shadow_uv = uv - style.shadow_offset / vec2f(vec2i(textureDimensions(atlas_tex, 0i)));
    let signed_distance_2 = signed_distance(shadow_uv);
    let shadow_distance = signed_distance_2 * px_range;
    let shadow = smoothstep(-style.shadow_softness, style.shadow_softness, shadow_distance) * style.shadow_opacity;
    let color_1 = vec4f(0.0f, 0.0f, 0.0f, shadow);
    let color_2 = mix(color_1, style.outline_color, vec4f(outline));
    let color_3 = mix(color_2, color, vec4f(fill));
    if color_3.w < 0.004f {
        discard;
    }
    return color_3;
}

@fragment
fn glyph_supersampled_fs(@location(0) uv: vec2f, @location(1) color: vec4f, @location(2) @interpolate(flat) glyph: u32) -> @location(0) vec4f {
    var offsets: array<vec2f, 4>;
    let dx = dpdx(uv);
    let dy = dpdy(uv);
    let px_range = screen_px_range(uv);
    offsets = array<vec2f, 4>(vec2f(0.125f, 0.375f), vec2f(-0.125f, -0.375f), vec2f(0.375f, -0.125f), vec2f(-0.375f, 0.125f));
    var i: i32 = 0i;
    var v: u32 = 3u;
    var v_1: bool = true;
    var coverage: f32 = 0.0f;
    var coverage_1: f32;
    loop {
        if !v_1 {
            coverage_1 = coverage;
            break;
        }
        let t = offsets[i].x;
        let t_1 = offsets[i].y;
        let uv_1 = uv + dx * t + dy * t_1;
        let texel = textureSampleGrad(atlas_tex, atlas_samp, uv_1, dx, dy);
        let msdf = texel.xyz;
        let median_1 = median(msdf.x, msdf.y, msdf.z);
        let coverage_2 = coverage + saturate((median_1 - 0.5f) * px_range + 0.5f);
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        coverage = coverage_2;
    }
    return vec4f(color.xyz, color.w * coverage_1 * 0.25f);
}
