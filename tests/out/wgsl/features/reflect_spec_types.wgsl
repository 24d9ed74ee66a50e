enable f16;

@id(3) override B: bool = true;
@id(0) override I: i32 = -7i;
@id(7) override U: u32 = 4000000000u;
@id(2) override F: f32 = 0.1f;
@id(5) override H: f16 = 0.099975586h;
@id(9) override F2: f32 = 10000000000.0f;
@id(10) override F3: f32 = -0.0f;
@id(11) override I2: i32 = i32(-2147483648);

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(4, 2, 3)
fn main() {
    var x: f32 = 0.0f;
    if B {
        x = 1.0f;
    }
    var t: i32;
    t = I;
    var t_1: u32;
    t_1 = U;
    var t_2: f16;
    t_2 = H;
    var t_3: i32;
    t_3 = I2;
    out[min(0u, arrayLength(&out) - 1u)] = x + f32(t) + f32(t_1) + F + f32(t_2) + F2 + F3 + f32(t_3);
}
