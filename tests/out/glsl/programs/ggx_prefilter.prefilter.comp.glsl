#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0) uniform samplerCube env;
layout(set = 0, binding = 2, rgba16f) uniform writeonly image2DArray out_face;
layout(push_constant, std430) uniform pf_block {
    float roughness;
    int face;
    int mip_size;
    int pad;
} pf;

vec2 hammersley(uint i, uint n) {
    return vec2(float(i) / float(n), float(bitfieldReverse(i)) * 2.3283064e-10);
}

vec3 importance_ggx(vec2 xi, vec3 n, float rough) {
    float a = rough * rough;
    float phi = 6.2831855 * xi.x;
    float cos_t = sqrt((1.0 - xi.y) / (1.0 + (a * a - 1.0) * xi.y));
    float sin_t = sqrt(1.0 - cos_t * cos_t);
    vec3 h = vec3(cos(phi) * sin_t, sin(phi) * sin_t, cos_t);
    vec3 up = abs(n.z) < 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(1.0, 0.0, 0.0);
    vec3 tx = normalize(cross(up, n));
    vec3 ty = cross(n, tx);
    return normalize(tx * h.x + ty * h.y + n * h.z);
}

vec3 face_dir(int face, vec2 uv) {
    vec2 s = uv * 2.0 - vec2(1.0);
    if (face == 0) {
        return vec3(1.0, -s.y, -s.x);
    } else if (face == 1) {
        return vec3(-1.0, -s.y, s.x);
    } else if (face == 2) {
        return vec3(s.x, 1.0, s.y);
    } else if (face == 3) {
        return vec3(s.x, -1.0, -s.y);
    } else if (face == 4) {
        return vec3(s.x, -s.y, 1.0);
    }
    return vec3(-s.x, -s.y, -1.0);
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= pf.mip_size || p.y >= pf.mip_size) {
        return;
    }
    vec2 uv = (vec2(p) + vec2(0.5)) / vec2(float(pf.mip_size));
    vec3 face_dir_1 = face_dir(pf.face, uv);
    vec3 n = normalize(face_dir_1);
    float env_size = float(textureSize(env, 0).x);
    float levels = float(textureQueryLevels(env));
    uint i = 0u;
    uint v = 63u;
    bool v_1 = true;
    vec3 acc = vec3(0.0);
    float weight = 0.0;
    vec3 acc_1;
    float weight_1;
    while (true) {
        if (!v_1) {
            acc_1 = acc;
            weight_1 = weight;
            break;
        }
        vec2 hammersley_1 = hammersley(i, 64u);
        vec3 h = importance_ggx(hammersley_1, n, pf.roughness);
        vec3 l = normalize(h * (2.0 * dot(n, h)) - n);
        float ndl = dot(n, l);
        vec3 acc_2 = acc;
        float weight_2 = weight;
        if (ndl > 0.0) {
            float sa_texel = 12.566371 / (6.0 * env_size * env_size);
            float lod = min(max(0.5 * log2(1.0 / (64.0 * sa_texel)), 0.0), levels - 1.0);
            vec4 texel = textureLod(env, l, lod);
            acc_2 = acc + texel.xyz * ndl;
            weight_2 = weight + ndl;
        }
        bool next_v = v != 0u;
        i = i + 1u;
        v = v - 1u;
        v_1 = next_v;
        acc = acc_2;
        weight = weight_2;
    }
    if (all(lessThan(uvec3(ivec3(p, pf.face)), uvec3(imageSize(out_face))))) {
        imageStore(out_face, ivec3(p, pf.face), vec4(acc_1 / vec3(max(weight_1, 0.0001)), 1.0));
    }
}
