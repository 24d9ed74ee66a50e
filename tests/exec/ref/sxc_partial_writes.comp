#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std140) uniform UBO { int some_value; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 outv[2]; };
struct B { float a; float b; };
layout(set = 0, binding = 2, std430) buffer B2 { B outb[2]; };
void partial_inout(inout vec4 x) { x.x = 10.0; }
void partial_inout(inout B b) { b.b = 40.0; }
void branchy_inout(inout vec4 v) { v.y = 20.0; if (some_value == 20) v = vec4(50.0); }
void branchy_inout(inout B b) { b.b = 20.0; if (some_value == 20) b = B(10.0, 40.0); }
void branchy_inout_2(out vec4 v) { if (some_value == 20) v = vec4(50.0); else v = vec4(70.0); v.y = 20.0; }
void branchy_inout_2(out B b) { b = B(70.0, 70.0); if (some_value == 20) b = B(10.0, 40.0); b.b = b.b - 20.0; }
void main() {
    vec4 a = vec4(1.0, 2.0, 3.0, 4.0);
    partial_inout(a);
    outv[0] = a;
    a = vec4(1.0, 2.0, 3.0, 4.0);
    branchy_inout(a);
    vec4 a2;
    branchy_inout_2(a2);
    outv[1] = a + a2;
    B b = B(10.0, 20.0);
    partial_inout(b);
    B b0 = b;
    branchy_inout(b0);
    outb[0] = b0;
    if (some_value != 1) {
        B b2;
        branchy_inout_2(b2);
        outb[1] = b2;
        return;
    } else {
        b.a = 10.0;
    }
    outb[1] = b;
}
