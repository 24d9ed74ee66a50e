#version 450
#extension GL_EXT_control_flow_attributes : require

layout(location = 0) in vec2 ndc;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform sky_block {
    mat4 inv_view_proj;
    vec4 sun_direction;
    vec4 zenith_color;
    vec4 horizon_color;
    vec4 cloud_color;
    float time;
    float coverage;
    vec2 wind;
} sky;

vec3 mod289_3(vec3 x) {
    return x - floor(x * 0.0034602077) * 289.0;
}

vec3 permute3(vec3 x) {
    vec3 mod289_3_1 = mod289_3((x * 34.0 + vec3(10.0)) * x);
    return mod289_3_1;
}

float snoise2(vec2 v) {
    vec2 i = floor(v + vec2(dot(v, vec2(0.36602542))));
    vec2 x0 = v - i + vec2(dot(i, vec2(0.21132487)));
    vec2 i1 = x0.x > x0.y ? vec2(1.0, 0.0) : vec2(0.0, 1.0);
    vec4 x12 = x0.xyxy + vec4(0.21132487, 0.21132487, -0.57735026, -0.57735026);
    vec2 t = x12.xy - i1;
    vec4 x12_1 = vec4(t, x12.zw);
    vec3 mod289_3_1 = mod289_3(vec3(i, 0.0));
    vec3 ii = vec3(mod289_3_1.xy, 0.0);
    vec3 permute3_1 = permute3(vec3(ii.y) + vec3(0.0, i1.y, 1.0));
    vec3 p = permute3(permute3_1 + vec3(ii.x) + vec3(0.0, i1.x, 1.0));
    vec3 m = max(vec3(0.5) - vec3(dot(x0, x0), dot(x12_1.xy, x12_1.xy), dot(x12_1.zw, x12_1.zw)), vec3(0.0));
    vec3 m_1 = m * m;
    vec3 m_2 = m_1 * m_1;
    vec3 x = fract(p * vec3(0.024390243)) * 2.0 - vec3(1.0);
    vec3 h = abs(x) - vec3(0.5);
    vec3 ox = floor(x + vec3(0.5));
    vec3 a0 = x - ox;
    vec3 m_3 = m_2 * (vec3(1.7928429) - (a0 * a0 + h * h) * 0.85373473);
    vec3 g = vec3(a0.x * x0.x + h.x * x0.y, a0.yz * x12_1.xz + h.yz * x12_1.yw);
    return 130.0 * dot(m_3, g);
}

vec4 mod289_4(vec4 x) {
    return x - floor(x * 0.0034602077) * 289.0;
}

vec4 permute4(vec4 x) {
    vec4 mod289_4_1 = mod289_4((x * 34.0 + vec4(10.0)) * x);
    return mod289_4_1;
}

float snoise3(vec3 v) {
    vec3 i = floor(v + vec3(dot(v, vec3(0.33333334))));
    vec3 x0 = v - i + vec3(dot(i, vec3(0.16666667)));
    vec3 g = step(x0.yzx, x0);
    vec3 l = vec3(1.0) - g;
    vec3 i1 = min(g, l.zxy);
    vec3 i2 = max(g, l.zxy);
    vec3 x1 = x0 - i1 + vec3(0.16666667);
    vec3 x2 = x0 - i2 + vec3(0.33333334);
    vec3 x3 = x0 - vec3(0.5);
    vec3 im = mod289_3(i);
    vec4 permute4_1 = permute4(vec4(im.z) + vec4(0.0, i1.z, i2.z, 1.0));
    vec4 permute4_2 = permute4(permute4_1 + vec4(im.y) + vec4(0.0, i1.y, i2.y, 1.0));
    vec4 p = permute4(permute4_2 + vec4(im.x) + vec4(0.0, i1.x, i2.x, 1.0));
    vec4 j = p - floor(p * 0.14285715 * 0.14285715) * 49.0;
    vec4 x_ = floor(j * 0.14285715);
    vec4 y_ = floor(j - x_ * 7.0);
    vec4 x = x_ * 0.2857143 + vec4(-0.9285714);
    vec4 y = y_ * 0.2857143 + vec4(-0.9285714);
    vec4 h = vec4(1.0) - abs(x) - abs(y);
    vec4 b0 = vec4(x.xy, y.xy);
    vec4 b1 = vec4(x.zw, y.zw);
    vec4 s0 = floor(b0) * 2.0 + vec4(1.0);
    vec4 s1 = floor(b1) * 2.0 + vec4(1.0);
    vec4 sh = -step(h, vec4(0.0));
    vec4 a0 = b0.xzyw + s0.xzyw * sh.xxyy;
    vec4 a1 = b1.xzyw + s1.xzyw * sh.zzww;
    vec3 p0 = vec3(a0.xy, h.x);
    vec3 p1 = vec3(a0.zw, h.y);
    vec3 p2 = vec3(a1.xy, h.z);
    vec3 p3 = vec3(a1.zw, h.w);
    vec4 norm = inversesqrt(vec4(dot(p0, p0), dot(p1, p1), dot(p2, p2), dot(p3, p3)));
    vec3 p0_1 = p0 * norm.x;
    vec3 p1_1 = p1 * norm.y;
    vec3 p2_1 = p2 * norm.z;
    vec3 p3_1 = p3 * norm.w;
    vec4 m = max(vec4(0.5) - vec4(dot(x0, x0), dot(x1, x1), dot(x2, x2), dot(x3, x3)), vec4(0.0));
    vec4 m_1 = m * m;
    return 105.0 * dot(m_1 * m_1, vec4(dot(p0_1, x0), dot(p1_1, x1), dot(p2_1, x2), dot(p3_1, x3)));
}

float cloud_density(vec2 p) {
    int octave = 0;
    uint v = 4u;
    bool v_1 = true;
    float sum = 0.0;
    float amplitude = 0.5;
    vec2 q = p;
    float sum_1;
    [[unroll]]
    while (true) {
        if (!v_1) {
            sum_1 = sum;
            break;
        }
        float snoise3_1 = snoise3(vec3(q, sky.time * 0.05 * float(octave + 1)));
        float sum_2 = sum + amplitude * snoise3_1;
        vec2 q_1 = q * 2.03 + vec2(1.7, -3.1);
        float amplitude_1 = amplitude * 0.5;
        bool next_v = v != 0u;
        octave = octave + 1;
        v = v - 1u;
        v_1 = next_v;
        sum = sum_2;
        amplitude = amplitude_1;
        q = q_1;
    }
    float shaped = sum_1 * 0.5 + 0.5 - (1.0 - sky.coverage);
    return smoothstep(0.0, 0.4, shaped);
}

void main() {
    vec4 world = sky.inv_view_proj * vec4(ndc, 1.0, 1.0);
    vec3 dir = normalize(world.xyz / vec3(world.w));
    float height = max(dir.y, 0.0);
    vec4 horizon_color = sky.horizon_color;
    vec4 zenith_color = sky.zenith_color;
    vec3 base = mix(horizon_color.xyz, zenith_color.xyz, vec3(pow(height, 0.5)));
    vec4 sun_direction = sky.sun_direction;
    float sun_amount = max(dot(dir, normalize(sun_direction.xyz)), 0.0);
    float sun = pow(sun_amount, 512.0) * 8.0 + pow(sun_amount, 8.0) * 0.3;
    vec3 color_1 = base + vec3(1.0, 0.9, 0.7) * sun;
    vec3 color_2 = color_1;
    if (dir.y > 0.01) {
        vec2 layer_uv = dir.xz / vec2(dir.y) * 0.6 + sky.wind * sky.time;
        float density = cloud_density(layer_uv);
        float snoise2_1 = snoise2(layer_uv * 8.0);
        float detail = snoise2_1 * 0.1;
        vec4 cloud_color = sky.cloud_color;
        vec4 cloud_color_1 = sky.cloud_color;
        vec3 shade = mix(cloud_color.xyz, cloud_color_1.xyz * 0.6, vec3(clamp(density + detail, 0.0, 1.0)));
        float fade = smoothstep(0.01, 0.2, dir.y);
        color_2 = mix(color_1, shade, vec3(density * fade));
    }
    color = vec4(color_2, 1.0);
}
