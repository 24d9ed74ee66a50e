#version 450

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(set = 0, binding = 0, std140) uniform grade_block {
    int lut_size;
    float exposure;
    float shaper_min;
    float shaper_max;
    float blend;
    uint mode;
    ivec2 dims;
} grade;
layout(set = 0, binding = 1) uniform sampler3D lut_a;
layout(set = 0, binding = 5, rgba16f) uniform readonly image2D src;
layout(set = 0, binding = 6, rgba16f) uniform writeonly image2D dst;

vec3 shaper(vec3 c) {
    vec3 l = log2(max(c * exp2(grade.exposure), vec3(1e-6)));
    return clamp((l - vec3(grade.shaper_min)) / vec3(grade.shaper_max - grade.shaper_min), 0.0, 1.0);
}

vec3 lut_coord(vec3 u, int size) {
    float n = float(size);
    return u * ((n - 1.0) / n) + vec3(0.5 / n);
}

vec3 fetch(ivec3 p) {
    vec4 texel = texelFetch(lut_a, clamp(p, ivec3(0), textureSize(lut_a, 0) - 1), 0);
    return texel.xyz;
}

vec3 tetrahedral(vec3 u, int size) {
    vec3 s = u * float(size - 1);
    ivec3 base = ivec3(floor(s));
    int hi = size - 2;
    ivec3 b = min(max(base, ivec3(0)), ivec3(hi));
    vec3 f = s - vec3(b);
    vec3 c000 = fetch(b);
    vec3 c111 = fetch(b + ivec3(1));
    vec3 r;
    if (f.x > f.y) {
        vec3 r_1;
        if (f.y > f.z) {
            vec3 c100 = fetch(b + ivec3(1, 0, 0));
            vec3 c110 = fetch(b + ivec3(1, 1, 0));
            r_1 = c000 + (c100 - c000) * f.x + (c110 - c100) * f.y + (c111 - c110) * f.z;
        } else if (f.x > f.z) {
            vec3 c100_1 = fetch(b + ivec3(1, 0, 0));
            vec3 c101 = fetch(b + ivec3(1, 0, 1));
            r_1 = c000 + (c100_1 - c000) * f.x + (c101 - c100_1) * f.z + (c111 - c101) * f.y;
        } else {
            vec3 c001 = fetch(b + ivec3(0, 0, 1));
            vec3 c101_1 = fetch(b + ivec3(1, 0, 1));
            r_1 = c000 + (c001 - c000) * f.z + (c101_1 - c001) * f.x + (c111 - c101_1) * f.y;
        }
        r = r_1;
    } else if (f.z > f.y) {
        vec3 c001_1 = fetch(b + ivec3(0, 0, 1));
        vec3 c011 = fetch(b + ivec3(0, 1, 1));
        r = c000 + (c001_1 - c000) * f.z + (c011 - c001_1) * f.y + (c111 - c011) * f.x;
    } else if (f.z > f.x) {
        vec3 c010 = fetch(b + ivec3(0, 1, 0));
        vec3 c011_1 = fetch(b + ivec3(0, 1, 1));
        r = c000 + (c010 - c000) * f.y + (c011_1 - c010) * f.z + (c111 - c011_1) * f.x;
    } else {
        vec3 c010_1 = fetch(b + ivec3(0, 1, 0));
        vec3 c110_1 = fetch(b + ivec3(1, 1, 0));
        r = c000 + (c010_1 - c000) * f.y + (c110_1 - c010_1) * f.x + (c111 - c110_1) * f.z;
    }
    return r;
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, grade.dims))) {
        return;
    }
    vec4 c = imageLoad(src, clamp(p, ivec2(0), imageSize(src) - 1));
    vec3 u = shaper(c.xyz);
    vec3 graded;
    if (grade.mode == 0u) {
        vec3 lut_coord_1 = lut_coord(u, grade.lut_size);
        vec4 texel = textureLod(lut_a, lut_coord_1, 0.0);
        graded = texel.xyz;
    } else {
        vec3 graded_1 = tetrahedral(u, grade.lut_size);
        graded = graded_1;
    }
    if (all(lessThan(uvec2(p), uvec2(imageSize(dst))))) {
        imageStore(dst, p, vec4(graded, c.w));
    }
}
