#version 450
layout(local_size_x = 2) in;
layout(set = 0, binding = 0, std430) buffer SSBO0 { vec4 as_[]; };
layout(set = 0, binding = 1, std430) buffer SSBO1 { vec4 bs[]; };
struct Data { float a; float b; };
layout(set = 0, binding = 2, std430) buffer SSBO2 { Data outdata[]; };
layout(set = 0, binding = 3, std430) buffer SSBO3 { float outf[]; };
layout(constant_id = 0) const float X = 4.0;
struct Composite { vec4 a[2]; vec4 b[2]; };
vec4 summe(vec4 values[3][2]) { return values[0][0] + values[2][1] + values[0][1] + values[1][0]; }
Data combine(Data a, Data b) { return Data(a.a + b.a, a.b + b.b); }
void main() {
    uint x = gl_GlobalInvocationID.x;
    vec4 values[2] = vec4[](as_[x], bs[x]);
    vec4 const_values[2] = vec4[](vec4(10.0), vec4(30.0));
    vec4 copy_values[2];
    copy_values = const_values;
    vec4 copy_values2[2] = values;
    values[1] = vec4(-1.0);
    as_[x] = summe(vec4[][](values, copy_values, copy_values2));
    Composite c = Composite(values, copy_values);
    c.b[1].w += 1.0;
    bs[x] = c.a[0] + c.b[x] + vec4(copy_values[1].w);
    float aoa[2][3] = float[][](float[](1.0, 1.0, 1.0), float[](2.0, 2.0, 2.0));
    aoa[1][x] = 5.0 + float(x);
    Data data[2] = Data[](Data(1.0, 2.0), Data(3.0, 4.0));
    Data data2[2] = Data[](Data(X, 2.0), Data(3.0, 5.0));
    outdata[x] = combine(data[gl_LocalInvocationID.x], data2[gl_LocalInvocationID.x]);
    outf[x] = aoa[0][x + 1u] + aoa[1][0] + aoa[1][1] + aoa[1][2];
}
