#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { float x[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float results[]; };
layout(set = 0, binding = 2, std430) buffer B2 { vec4 vresults[]; };
void main() {
    float a = x[0], b = x[1];
    results[0] = abs(b); results[1] = sign(b); results[2] = sign(x[2]);
    results[3] = floor(a); results[4] = floor(b); results[5] = ceil(a); results[6] = ceil(b);
    results[7] = round(a); results[8] = round(b); results[9] = trunc(b);
    results[10] = fract(a); results[11] = fract(b); results[12] = min(a, b); results[13] = max(a, b);
    results[14] = clamp(x[3], 0.0, 1.0); results[15] = mix(1.0, 3.0, x[4]);
    results[16] = step(0.5, x[4]); results[17] = step(x[4], x[4]); results[18] = smoothstep(0.0, 1.0, x[4]);
    results[19] = clamp(x[5], 0.0, 1.0); results[20] = clamp(x[6], 0.0, 1.0); results[21] = clamp(x[4], 0.0, 1.0);
    vresults[0] = vec4(clamp(vec3(-1.0, 0.5, x[3]), 0.0, 1.0), 0.0);
    vresults[1] = vec4(mix(vec3(0.0), vec3(10.0, 20.0, 30.0), x[4]), 1.0);
    vresults[2] = vec4(step(vec2(1.0), vec2(x[5], x[6])), smoothstep(0.0, 2.0, vec2(0.5, 1.0)));
    vresults[3] = floor(vec4(a, b, -a, -b)) + abs(vec4(x[5]));
    vresults[4] = max(vec4(a, b, x[2], x[5]), 0.0) + min(vec4(1.0), vec4(x[4]));
}
