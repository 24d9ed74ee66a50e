#version 450

layout(early_fragment_tests) in;

struct GVarying {
    vec4 clip;
    vec4 current_clip;
    vec4 previous_clip;
    vec3 normal;
    vec4 tangent;
    vec2 uv;
};

struct GBuffer {
    vec4 albedo_ao;
    vec4 normal_rm;
    vec4 emissive;
    vec2 motion;
    uvec2 ids;
};

layout(location = 0) in vec4 current_clip;
layout(location = 1) in vec4 previous_clip;
layout(location = 2) in vec3 normal;
layout(location = 3) in vec4 tangent;
layout(location = 4) in vec2 uv;
layout(location = 0) out vec4 albedo_ao;
layout(location = 1) out vec4 normal_rm;
layout(location = 2) out vec4 emissive;
layout(location = 3) out vec2 motion;
layout(location = 4) out uvec2 ids;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
    mat4 prev_view_proj;
    vec4 jitter;
} camera;
layout(push_constant, std430) uniform object_block {
    mat4 model;
    mat4 prev_model;
    uint object_id;
    uint material_id;
    float alpha_cutoff;
    float emissive_strength;
} object;
layout(set = 0, binding = 1) uniform sampler2D albedo_tex;
layout(set = 0, binding = 3) uniform sampler2D normal_tex;
layout(set = 0, binding = 5) uniform sampler2D orm_tex;
layout(set = 0, binding = 7) uniform sampler2D emissive_tex;

vec2 oct_wrap(vec2 v) {
    return (vec2(1.0) - abs(v.yx)) * vec2(v.x >= 0.0 ? 1.0 : -1.0, v.y >= 0.0 ? 1.0 : -1.0);
}

vec2 encode_normal(vec3 n) {
    vec2 p = n.xy / vec2(abs(n.x) + abs(n.y) + abs(n.z));
    vec2 e;
    if (n.z >= 0.0) {
        e = p;
    } else {
        vec2 oct_wrap_1 = oct_wrap(p);
        e = oct_wrap_1;
    }
    return e * 0.5 + vec2(0.5);
}

vec3 surface_normal(GVarying input_) {
    vec3 n = normalize(input_.normal);
    vec4 t = input_.tangent;
    vec4 t_1 = input_.tangent;
    vec3 t_2 = normalize(t.xyz - n * dot(n, t_1.xyz));
    vec3 b = cross(n, t_2) * input_.tangent.w;
    vec4 texel = texture(normal_tex, input_.uv);
    vec3 tangent_normal = texel.xyz * 2.0 - vec3(1.0);
    return normalize(mat3(t_2, b, n) * tangent_normal);
}

GBuffer write_gbuffer(GVarying input_, vec4 albedo) {
    vec4 texel = texture(orm_tex, input_.uv);
    vec3 orm = texel.xyz;
    vec3 n = surface_normal(input_);
    vec4 t = input_.current_clip;
    vec4 jitter = camera.jitter;
    vec2 current = t.xy / vec2(input_.current_clip.w) - jitter.xy;
    vec4 t_1 = input_.previous_clip;
    vec4 jitter_1 = camera.jitter;
    vec2 previous = t_1.xy / vec2(input_.previous_clip.w) - jitter_1.zw;
    vec2 encode_normal_1 = encode_normal(n);
    vec4 texel_1 = texture(emissive_tex, input_.uv);
    return GBuffer(vec4(albedo.xyz, orm.x), vec4(encode_normal_1, orm.y, orm.z), vec4(texel_1.xyz * object.emissive_strength, 1.0), (current - previous) * vec2(0.5, -0.5), uvec2(object.object_id, object.material_id));
}

void main() {
    GVarying input_ = GVarying(vec4(0.0), current_clip, previous_clip, normal, tangent, uv);
    vec4 texel = texture(albedo_tex, uv);
    GBuffer write_gbuffer_1 = write_gbuffer(input_, texel);
    albedo_ao = write_gbuffer_1.albedo_ao;
    normal_rm = write_gbuffer_1.normal_rm;
    emissive = write_gbuffer_1.emissive;
    motion = write_gbuffer_1.motion;
    ids = write_gbuffer_1.ids;
}
