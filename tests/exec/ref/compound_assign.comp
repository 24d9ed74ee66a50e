#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer B0 { int count; float total; vec4 v; int arr[4]; } state;
layout(set = 0, binding = 1, std430) readonly buffer B1 { int inputs[]; };
layout(set = 0, binding = 2, std430) buffer B2 { int results[]; };
layout(set = 0, binding = 3, std430) buffer B3 { float fresults[]; };
void main() {
    int x = inputs[0];
    x += 5; x -= 2; x *= 3; x /= 4; x = x - (x / 4) * 4; x &= 2; x |= 8; x <<= (inputs[3] & 31); x >>= 2;
    results[0] = x;
    int y = inputs[0];
    y = inputs[2] == 0 ? y : y / inputs[2]; results[1] = y;
    y = inputs[2] == 0 ? 0 : y - (y / inputs[2]) * inputs[2]; results[2] = y;
    float f = 1.5; f += 0.25; f *= 4.0; f /= 2.0; f -= 0.5; fresults[0] = f;
    f = f - 2.0 * trunc(f / 2.0); fresults[1] = f;
    vec3 w = vec3(1.0, 2.0, 3.0); w *= 2.0; w.yz += vec2(0.5, 0.25); w.x -= 10.0;
    fresults[2] = w.x; fresults[3] = w.y; fresults[4] = w.z;
    state.count += inputs[1]; state.total *= 2.5; state.v.xy += vec2(1.0, 2.0); state.v.w -= 0.5;
    state.arr[inputs[2]] += 10; state.arr[3] <<= 2; state.arr[inputs[1] - 1] *= -1;
}
