diagnostic(off, derivative_uniformity);

struct Camera {
    view: mat4x4f,
    proj: mat4x4f,
}

struct Particle {
    position: vec4f,
    velocity: vec4f,
}

struct ParticleVsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uv: vec2f,
    @location(1) @interpolate(flat) fade: f32,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var<storage, read> particles: array<Particle>;
@group(0) @binding(2) var sprite_tex: texture_2d<f32>;
@group(0) @binding(3) var sprite_samp: sampler;

@vertex
fn particle_vs(@builtin(vertex_index) vertex: u32, @builtin(instance_index) instance: u32) -> ParticleVsOutput {
    var local: array<vec2f, 4> = array<vec2f, 4>(vec2f(-1.0f), vec2f(1.0f, -1.0f), vec2f(-1.0f, 1.0f), vec2f(1.0f));
    let p = particles[min(instance, arrayLength(&particles) - 1u)];
    let corner = local[vertex & 3u];
    let t = p.position;
    let view_pos = camera.view * vec4f(t.xyz, 1.0f);
    let t_1 = view_pos.xy + corner * p.velocity.w;
    let view_pos_1 = vec4f(t_1, view_pos.zw);
    return ParticleVsOutput(camera.proj * view_pos_1, corner * 0.5f + vec2f(0.5f), clamp(p.position.w, 0.0f, 1.0f));
}

@fragment
fn particle_fs(@location(0) uv: vec2f, @location(1) @interpolate(flat) fade: f32) -> @location(0) vec4f {
    let texel = textureSample(sprite_tex, sprite_samp, uv);
    let d = length(uv - vec2f(0.5f)) * 2.0f;
    if d > 1.0f {
        discard;
    }
    let t = 1.0f;
    let alpha = texel.w * fade * smoothstep(t, 0.6f, d);
    return vec4f(texel.xyz * alpha, alpha);
}
