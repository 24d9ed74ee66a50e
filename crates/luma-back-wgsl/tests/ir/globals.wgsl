struct Camera {
    view_proj: mat4x4f,
    position: vec3f,
    exposure: f32,
}

struct Push {
    model: mat4x4f,
    tint: vec4f,
}

struct Particle {
    pos: vec3f,
    life: f32,
}

struct f32_std140_element {
    @size(16) value: f32,
}

struct VsMainOutput {
    @builtin(position) position: vec4f,
    @location(0) @interpolate(flat) id: u32,
    @location(1) @interpolate(linear) fog: f32,
}

@id(0) override SCALE: f32 = 1.5f;
@id(1) override USE_FOG: bool = true;
const ORIGIN: vec3f = vec3f();

@group(0) @binding(0) var<uniform> camera: Camera;
var<immediate> push: Push;
@group(0) @binding(1) var<storage, read> particles: array<Particle>;
var<private> counter: u32 = 0u;
var<private> history: array<f32, 100>;
@group(0) @binding(2) var<uniform> weights: array<f32_std140_element, 4>;
@group(0) @binding(3) var<storage, read_write> snapshot: Camera;

@vertex
fn vs_main(@builtin(vertex_index) vid: u32, @builtin(instance_index) iid: u32, @location(0) offset: vec3f) -> VsMainOutput {
    var scratch: array<vec4f, 32>;
    var p: Particle;
    let particle = particles[min(vid, arrayLength(&particles) - 1u)];
    p = particle;
    let model = push.model;
    let view_proj = camera.view_proj;
    let clip = view_proj * model * vec4f((particle.pos + offset) * SCALE + ORIGIN, 1.0f);
    let cam = camera;
    snapshot = cam;
    let t = select((clip * model).x, cam.exposure, USE_FOG);
    let counter_1 = counter;
    counter = counter_1 + 1u;
    history[iid] = t;
    scratch[iid] = clip;
    let w = weights[min(vid, 3u)].value;
    return VsMainOutput(clip, vid + iid, t * w);
}

// @early_depth: WGSL cannot force early fragment tests
@fragment
fn fs_main(@location(1) @interpolate(linear) fog: f32, @location(0) @interpolate(flat) id: u32, @builtin(position) frag: vec4f, @builtin(front_facing) front: bool) -> @location(0) vec4f {
    let t = vec4f(fog);
    var v: vec4f = frag;
    v.y = fog;
    let t_1 = vec4f(v.x, t.y, v.z, t.w);
    let t_2 = t_1.wzyx;
    let t_3 = t_2 < frag;
    let t_4 = (t_3 & (t_2 > t)) | t_3;
    let t_5 = select(select(frag, t_2, !t_4), vec4f(1.0f), vec4u(0u, 1u, 2u, 3u) == vec4u(id));
    return select(t, t_5, any(t_4) && front) * t_5[id];
}
