struct Sky {
    inv_view_proj: mat4x4f,
    sun_direction: vec4f,
    zenith_color: vec4f,
    horizon_color: vec4f,
    cloud_color: vec4f,
    time: f32,
    coverage: f32,
    wind: vec2f,
}

struct SkyVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) ndc: vec2f,
}

@group(0) @binding(0) var<uniform> sky: Sky;

fn mod289_3(x: vec3f) -> vec3f {
    return x - floor(x * 0.0034602077f) * 289.0f;
}

fn permute3(x: vec3f) -> vec3f {
    let mod289_3_1 = mod289_3((x * 34.0f + vec3f(10.0f)) * x);
    return mod289_3_1;
}

fn snoise2(v: vec2f) -> f32 {
    let i = floor(v + vec2f(dot(v, vec2f(0.36602542f))));
    let x0 = v - i + vec2f(dot(i, vec2f(0.21132487f)));
    let i1 = select(vec2f(0.0f, 1.0f), vec2f(1.0f, 0.0f), x0.x > x0.y);
    let x12 = x0.xyxy + vec4f(0.21132487f, 0.21132487f, -0.57735026f, -0.57735026f);
    let t = x12.xy - i1;
    let x12_1 = vec4f(t, x12.zw);
    let mod289_3_1 = mod289_3(vec3f(i, 0.0f));
    let ii = vec3f(mod289_3_1.xy, 0.0f);
    let permute3_1 = permute3(vec3f(ii.y) + vec3f(0.0f, i1.y, 1.0f));
    let p = permute3(permute3_1 + vec3f(ii.x) + vec3f(0.0f, i1.x, 1.0f));
    let m = max(vec3f(0.5f) - vec3f(dot(x0, x0), dot(x12_1.xy, x12_1.xy), dot(x12_1.zw, x12_1.zw)), vec3f(0.0f));
    let m_1 = m * m;
    let m_2 = m_1 * m_1;
    let x = fract(p * vec3f(0.024390243f)) * 2.0f - vec3f(1.0f);
    let h = abs(x) - vec3f(0.5f);
    let ox = floor(x + vec3f(0.5f));
    let a0 = x - ox;
    let m_3 = m_2 * (vec3f(1.7928429f) - (a0 * a0 + h * h) * 0.85373473f);
    let g = vec3f(a0.x * x0.x + h.x * x0.y, a0.yz * x12_1.xz + h.yz * x12_1.yw);
    return 130.0f * dot(m_3, g);
}

fn mod289_4(x: vec4f) -> vec4f {
    return x - floor(x * 0.0034602077f) * 289.0f;
}

fn permute4(x: vec4f) -> vec4f {
    let mod289_4_1 = mod289_4((x * 34.0f + vec4f(10.0f)) * x);
    return mod289_4_1;
}

fn snoise3(v: vec3f) -> f32 {
    let i = floor(v + vec3f(dot(v, vec3f(0.33333334f))));
    let x0 = v - i + vec3f(dot(i, vec3f(0.16666667f)));
    let g = step(x0.yzx, x0);
    let l = vec3f(1.0f) - g;
    let i1 = min(g, l.zxy);
    let i2 = max(g, l.zxy);
    let x1 = x0 - i1 + vec3f(0.16666667f);
    let x2 = x0 - i2 + vec3f(0.33333334f);
    let x3 = x0 - vec3f(0.5f);
    let im = mod289_3(i);
    let permute4_1 = permute4(vec4f(im.z) + vec4f(0.0f, i1.z, i2.z, 1.0f));
    let permute4_2 = permute4(permute4_1 + vec4f(im.y) + vec4f(0.0f, i1.y, i2.y, 1.0f));
    let p = permute4(permute4_2 + vec4f(im.x) + vec4f(0.0f, i1.x, i2.x, 1.0f));
    let j = p - floor(p * 0.14285715f * 0.14285715f) * 49.0f;
    let x_ = floor(j * 0.14285715f);
    let y_ = floor(j - x_ * 7.0f);
    let x = x_ * 0.2857143f + vec4f(-0.9285714f);
    let y = y_ * 0.2857143f + vec4f(-0.9285714f);
    let h = vec4f(1.0f) - abs(x) - abs(y);
    let b0 = vec4f(x.xy, y.xy);
    let b1 = vec4f(x.zw, y.zw);
    let s0 = floor(b0) * 2.0f + vec4f(1.0f);
    let s1 = floor(b1) * 2.0f + vec4f(1.0f);
    let sh = -step(h, vec4f(0.0f));
    let a0 = b0.xzyw + s0.xzyw * sh.xxyy;
    let a1 = b1.xzyw + s1.xzyw * sh.zzww;
    let p0 = vec3f(a0.xy, h.x);
    let p1 = vec3f(a0.zw, h.y);
    let p2 = vec3f(a1.xy, h.z);
    let p3 = vec3f(a1.zw, h.w);
    let norm = inverseSqrt(vec4f(dot(p0, p0), dot(p1, p1), dot(p2, p2), dot(p3, p3)));
    let p0_1 = p0 * norm.x;
    let p1_1 = p1 * norm.y;
    let p2_1 = p2 * norm.z;
    let p3_1 = p3 * norm.w;
    let m = max(vec4f(0.5f) - vec4f(dot(x0, x0), dot(x1, x1), dot(x2, x2), dot(x3, x3)), vec4f(0.0f));
    let m_1 = m * m;
    return 105.0f * dot(m_1 * m_1, vec4f(dot(p0_1, x0), dot(p1_1, x1), dot(p2_1, x2), dot(p3_1, x3)));
}

fn cloud_density(p: vec2f) -> f32 {
    var octave: i32 = 0i;
    var v: u32 = 4u;
    var v_1: bool = true;
    var sum: f32 = 0.0f;
    var amplitude: f32 = 0.5f;
    var q: vec2f = p;
    var sum_1: f32;
    loop {
        if !v_1 {
            sum_1 = sum;
            break;
        }
        let snoise3_1 = snoise3(vec3f(q, sky.time * 0.05f * f32(octave + 1i)));
        let sum_2 = sum + amplitude * snoise3_1;
        let q_1 = q * 2.03f + vec2f(1.7f, -3.1f);
        let amplitude_1 = amplitude * 0.5f;
        let next_v = v != 0u;
        octave = octave + 1i;
        v = v - 1u;
        v_1 = next_v;
        sum = sum_2;
        amplitude = amplitude_1;
        q = q_1;
    }
    let shaped = sum_1 * 0.5f + 0.5f - (1.0f - sky.coverage);
    return smoothstep(0.0f, 0.4f, shaped);
}

@vertex
fn sky_vs(@builtin(vertex_index) id: u32) -> SkyVsOutput {
    let ndc = vec2f(f32((id << 1u) & 2u), f32(id & 2u)) * 2.0f - vec2f(1.0f);
    return SkyVsOutput(vec4f(ndc, 1.0f, 1.0f), ndc);
}

@fragment
fn sky_fs(@location(0) ndc: vec2f) -> @location(0) vec4f {
    let world = sky.inv_view_proj * vec4f(ndc, 1.0f, 1.0f);
    let dir = normalize(world.xyz / vec3f(world.w));
    let height = max(dir.y, 0.0f);
    let horizon_color = sky.horizon_color;
    let zenith_color = sky.zenith_color;
    let base = mix(horizon_color.xyz, zenith_color.xyz, vec3f(pow(height, 0.5f)));
    let sun_direction = sky.sun_direction;
    let sun_amount = max(dot(dir, normalize(sun_direction.xyz)), 0.0f);
    let sun = pow(sun_amount, 512.0f) * 8.0f + pow(sun_amount, 8.0f) * 0.3f;
    let color = base + vec3f(1.0f, 0.9f, 0.7f) * sun;
    var color_1: vec3f = color;
    if dir.y > 0.01f {
        let layer_uv = dir.xz / vec2f(dir.y) * 0.6f + sky.wind * sky.time;
        let density = cloud_density(layer_uv);
        let snoise2_1 = snoise2(layer_uv * 8.0f);
        let detail = snoise2_1 * 0.1f;
        let cloud_color = sky.cloud_color;
        let cloud_color_1 = sky.cloud_color;
        let shade = mix(cloud_color.xyz, cloud_color_1.xyz * 0.6f, vec3f(saturate(density + detail)));
        let fade = smoothstep(0.01f, 0.2f, dir.y);
        color_1 = mix(color, shade, vec3f(density * fade));
    }
    return vec4f(color_1, 1.0f);
}
