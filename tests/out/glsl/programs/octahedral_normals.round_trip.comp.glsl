#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer normals_in_block {
    vec4 normals_in[];
};
layout(set = 0, binding = 1, std430) buffer encoded_block {
    uvec4 encoded[];
};
layout(set = 0, binding = 2, std430) buffer decoded_block {
    vec4 decoded[];
};
layout(set = 0, binding = 3, std430) buffer worst_block {
    uint worst;
};

vec2 sign_not_zero(vec2 v) {
    return vec2(v.x >= 0.0 ? 1.0 : -1.0, v.y >= 0.0 ? 1.0 : -1.0);
}

vec2 oct_encode(vec3 n) {
    vec2 p = n.xy * (1.0 / (abs(n.x) + abs(n.y) + abs(n.z)));
    if (n.z <= 0.0) {
        vec2 sign_not_zero_1 = sign_not_zero(p);
        return (vec2(1.0) - abs(p.yx)) * sign_not_zero_1;
    }
    return p;
}

uint pack_oct_snorm16(vec3 n) {
    vec2 oct_encode_1 = oct_encode(n);
    return packSnorm2x16(oct_encode_1);
}

vec3 oct_decode(vec2 e) {
    vec3 v = vec3(e, 1.0 - abs(e.x) - abs(e.y));
    vec3 v_1 = v;
    if (v.z < 0.0) {
        vec2 sign_not_zero_1 = sign_not_zero(v.xy);
        vec2 t = (vec2(1.0) - abs(v.yx)) * sign_not_zero_1;
        v_1 = vec3(t, v.z);
    }
    return normalize(v_1);
}

vec3 unpack_oct_snorm16(uint word) {
    vec3 oct_decode_1 = oct_decode(unpackSnorm2x16(word));
    return oct_decode_1;
}

uint pack_oct_unorm8(vec3 n) {
    vec2 oct_encode_1 = oct_encode(n);
    vec2 e = oct_encode_1 * 0.5 + vec2(0.5);
    return packUnorm4x8(vec4(e, 0.0, 0.0)) & 65535u;
}

vec3 unpack_oct_unorm8(uint word) {
    vec4 t = unpackUnorm4x8(word);
    vec2 e = t.xy * 2.0 - vec2(1.0);
    vec3 oct_decode_1 = oct_decode(e);
    return oct_decode_1;
}

uint pack_oct_half(vec3 n) {
    vec2 oct_encode_1 = oct_encode(n);
    return packHalf2x16(oct_encode_1);
}

vec3 unpack_oct_half(uint word) {
    vec3 oct_decode_1 = oct_decode(unpackHalf2x16(word));
    return oct_decode_1;
}

float angle_degrees(vec3 a, vec3 b) {
    return degrees(acos(clamp(dot(a, b), -1.0, 1.0)));
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint t = uint(normals_in.length());
    if (i >= uint(int(t))) {
        return;
    }
    vec4 t_1 = normals_in[min(i, uint(normals_in.length()) - 1u)];
    vec3 n = normalize(t_1.xyz);
    uint w16 = pack_oct_snorm16(n);
    uint w8 = pack_oct_unorm8(n);
    uint wh = pack_oct_half(n);
    encoded[min(i, uint(encoded.length()) - 1u)] = uvec4(w16, w8, wh, 0u);
    vec3 d16 = unpack_oct_snorm16(w16);
    float angle_degrees_1 = angle_degrees(n, d16);
    decoded[min(i, uint(decoded.length()) - 1u)] = vec4(d16, angle_degrees_1);
    vec3 unpack_oct_unorm8_1 = unpack_oct_unorm8(w8);
    float angle_degrees_2 = angle_degrees(n, unpack_oct_unorm8_1);
    vec3 unpack_oct_half_1 = unpack_oct_half(wh);
    float angle_degrees_3 = angle_degrees(n, unpack_oct_half_1);
    float err = max(angle_degrees_2, angle_degrees_3);
    atomicMax(worst, floatBitsToUint(err));
}
