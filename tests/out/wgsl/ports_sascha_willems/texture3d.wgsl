struct Ubo {
    projection: mat4x4f,
    model: mat4x4f,
    view_pos: vec4f,
    depth: f32,
}

struct VsOutput {
    @builtin(position) clip: vec4f,
    @location(0) uvw: vec3f,
    @location(1) lod_bias: f32,
    @location(2) normal: vec3f,
    @location(3) view_vec: vec3f,
    @location(4) light_vec: vec3f,
}

@group(0) @binding(0) var<uniform> ubo: Ubo;
@group(0) @binding(1) var sampler_color_tex: texture_3d<f32>;
@group(0) @binding(2) var sampler_color_samp: sampler;

// Inverse of a square matrix.
fn luma_inverse_mat4x4f(m: mat4x4f) -> mat4x4f {
    let c00 = m[2][2] * m[3][3] - m[3][2] * m[2][3];
    let c02 = m[1][2] * m[3][3] - m[3][2] * m[1][3];
    let c03 = m[1][2] * m[2][3] - m[2][2] * m[1][3];
    let c04 = m[2][1] * m[3][3] - m[3][1] * m[2][3];
    let c06 = m[1][1] * m[3][3] - m[3][1] * m[1][3];
    let c07 = m[1][1] * m[2][3] - m[2][1] * m[1][3];
    let c08 = m[2][1] * m[3][2] - m[3][1] * m[2][2];
    let c10 = m[1][1] * m[3][2] - m[3][1] * m[1][2];
    let c11 = m[1][1] * m[2][2] - m[2][1] * m[1][2];
    let c12 = m[2][0] * m[3][3] - m[3][0] * m[2][3];
    let c14 = m[1][0] * m[3][3] - m[3][0] * m[1][3];
    let c15 = m[1][0] * m[2][3] - m[2][0] * m[1][3];
    let c16 = m[2][0] * m[3][2] - m[3][0] * m[2][2];
    let c18 = m[1][0] * m[3][2] - m[3][0] * m[1][2];
    let c19 = m[1][0] * m[2][2] - m[2][0] * m[1][2];
    let c20 = m[2][0] * m[3][1] - m[3][0] * m[2][1];
    let c22 = m[1][0] * m[3][1] - m[3][0] * m[1][1];
    let c23 = m[1][0] * m[2][1] - m[2][0] * m[1][1];
    let f0 = vec4f(c00, c00, c02, c03);
    let f1 = vec4f(c04, c04, c06, c07);
    let f2 = vec4f(c08, c08, c10, c11);
    let f3 = vec4f(c12, c12, c14, c15);
    let f4 = vec4f(c16, c16, c18, c19);
    let f5 = vec4f(c20, c20, c22, c23);
    let v0 = vec4f(m[1][0], m[0][0], m[0][0], m[0][0]);
    let v1 = vec4f(m[1][1], m[0][1], m[0][1], m[0][1]);
    let v2 = vec4f(m[1][2], m[0][2], m[0][2], m[0][2]);
    let v3 = vec4f(m[1][3], m[0][3], m[0][3], m[0][3]);
    let sign_a = vec4f(1.0, -1.0, 1.0, -1.0);
    let sign_b = vec4f(-1.0, 1.0, -1.0, 1.0);
    let inv = mat4x4f(
        (v1 * f0 - v2 * f1 + v3 * f2) * sign_a,
        (v0 * f0 - v2 * f3 + v3 * f4) * sign_b,
        (v0 * f1 - v1 * f3 + v3 * f5) * sign_a,
        (v0 * f2 - v1 * f4 + v2 * f5) * sign_b,
    );
    let d = m[0] * vec4f(inv[0][0], inv[1][0], inv[2][0], inv[3][0]);
    return inv * (1.0 / ((d.x + d.y) + (d.z + d.w)));
}

@vertex
fn vs(@location(0) pos: vec3f, @location(1) uv: vec2f, @location(2) normal: vec3f) -> VsOutput {
    let world = ubo.model * vec4f(pos, 1.0f);
    let model = ubo.model;
    let t = model[0];
    let t_1 = model[1];
    let t_2 = model[2];
    let l_pos = mat3x3f(t.xyz, t_1.xyz, t_2.xyz) * vec3f(0.0f);
    let t_3 = luma_inverse_mat4x4f(transpose(ubo.model));
    let t_4 = t_3[0];
    let t_5 = t_3[1];
    let t_6 = t_3[2];
    let view_pos = ubo.view_pos;
    return VsOutput(ubo.projection * world, vec3f(uv, ubo.depth), 0.0f, mat3x3f(t_4.xyz, t_5.xyz, t_6.xyz) * normal, view_pos.xyz - world.xyz, l_pos - world.xyz);
}

@fragment
fn fs(@location(0) uvw: vec3f, @location(1) lod_bias: f32, @location(2) normal: vec3f, @location(3) view_vec: vec3f, @location(4) light_vec: vec3f) -> @location(0) vec4f {
    let color = textureSample(sampler_color_tex, sampler_color_samp, uvw);
    let n = normalize(normal);
    let l = normalize(light_vec);
    let v = normalize(view_vec);
    let r = reflect(-l, n);
    let diffuse = vec3f(1.0f) * max(dot(n, l), 0.0f);
    let specular = pow(max(dot(r, v), 0.0f), 16.0f) * color.x;
    return vec4f(diffuse * color.x + vec3f(specular), 1.0f);
}
