#version 450
layout(set = 0, binding = 0, std140) uniform U0 { mat3 aces_out; float exposure; float white; float hue_shift; float saturation; } grade;
layout(set = 0, binding = 1) uniform texture2D hdr;
// texelFetch needs a sampler type in GLSL; any sampler object works for fetches.
layout(set = 1, binding = 0) uniform sampler hdr_s;
layout(location = 0) out vec4 color;
layout(location = 1) out float lum;
const mat3 ACES_IN = mat3(vec3(0.59719, 0.07600, 0.02840), vec3(0.35458, 0.90834, 0.13383), vec3(0.04823, 0.01566, 0.83777));
const vec3 W = vec3(0.2126, 0.7152, 0.0722);
vec3 rrt_odt(vec3 v) { return (v * (v + 0.0245786) - 0.000090537) / (v * (0.983729 * v + 0.4329510) + 0.238081); }
vec3 hsv2rgb(vec3 c) {
    vec4 k = vec4(1.0, 2.0 / 3.0, 1.0 / 3.0, 3.0);
    vec3 p = abs(fract(c.xxx + k.xyz) * 6.0 - k.www);
    return c.z * mix(k.xxx, clamp(p - k.xxx, 0.0, 1.0), c.y);
}
vec3 rgb2hsv(vec3 c) {
    vec4 k = vec4(0.0, -1.0 / 3.0, 2.0 / 3.0, -1.0);
    vec4 p = mix(vec4(c.bg, k.wz), vec4(c.gb, k.xy), step(c.b, c.g));
    vec4 q = mix(vec4(p.xyw, c.r), vec4(c.r, p.yzx), step(p.x, c.r));
    float d = q.x - min(q.w, q.y);
    float e = 1.0e-10;
    return vec3(abs(q.z + (q.w - q.y) / (6.0 * d + e)), d / (q.x + e), q.x);
}
void main() {
    ivec2 t = ivec2(gl_FragCoord.xy);
    vec3 c = texelFetch(sampler2D(hdr, hdr_s), t, 0).rgb * grade.exposure;
    vec4 o = vec4(0.0, 0.0, 0.0, 1.0);
    if (t.y == 0) {
        o.rgb = clamp(grade.aces_out * rrt_odt(ACES_IN * c), 0.0, 1.0);
    } else if (t.y == 1) {
        float l = dot(c, W);
        float n = l * (1.0 + l / (grade.white * grade.white));
        o.rgb = c * (n / (1.0 + l)) / max(l, 1e-5);
    } else if (t.y == 2) {
        vec3 h = rgb2hsv(c);
        h.x = fract(h.x + grade.hue_shift);
        h.y *= grade.saturation;
        o.rgb = hsv2rgb(h);
    } else {
        vec3 lo = c * 12.92;
        vec3 hi = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
        o.rgb = mix(hi, lo, vec3(lessThan(c, vec3(0.0031308))));
        o.a = 0.5;
    }
    color = o;
    lum = dot(o.rgb, W);
}
