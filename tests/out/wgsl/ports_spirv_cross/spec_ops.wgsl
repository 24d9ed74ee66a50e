struct Block {
    samples: array<vec4f, 4>,
}

@id(0) override S: u32 = 10u;
@id(1) override VALUE: i32 = 2i;
@id(2) override SCALE: f32 = 1.5f;
@id(3) override FLIP: bool = false;
@id(4) override NEG: i32 = -3i;

@group(0) @binding(0) var<uniform> block: Block;
@group(0) @binding(1) var<storage, read_write> results: array<f32, 16>;
@group(0) @binding(2) var<storage, read_write> iresults: array<i32, 8>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    var f: u32;
    f = select(50u, 30u, S > 20u);
    results[0u] = f32(f);
    var t: i32;
    t = VALUE;
    results[1u] = block.samples[min(u32(t), 3u)].y;
    var t_1: i32;
    t_1 = VALUE;
    var t_2: u32;
    t_2 = S;
    results[2u] = f32(t_1 * 3i + i32(t_2)) * SCALE;
    results[3u] = select(-1.0f, 1.0f, FLIP);
    var t_3: u32;
    t_3 = S;
    var t_4: u32;
    t_4 = S;
    results[4u] = f32(t_3 / 3u) + f32(t_4 % 3u) * 0.5f;
    var t_5: i32;
    t_5 = NEG;
    var t_6: i32;
    t_6 = NEG;
    results[5u] = f32(t_5 / 2i) + f32(t_6 % 2i) * 10.0f;
    var t_7: i32;
    t_7 = NEG >> 1u;
    var t_8: i32;
    t_8 = NEG;
    results[6u] = f32(t_7) + f32(-t_8 << 2u);
    var t_9: i32;
    t_9 = NEG;
    results[7u] = f32(u32(t_9) >> 28u);
    var t_10: f32;
    t_10 = SCALE;
    var t_11: bool;
    t_11 = !FLIP;
    results[8u] = t_10 * 2.0f + f32(t_11);
    var t_12: i32;
    t_12 = VALUE;
    var t_13: u32;
    t_13 = S;
    results[9u] = f32(min(t_12, NEG)) + f32(max(t_13, 15u));
    var t_14: u32;
    t_14 = bitcast<u32>(VALUE);
    var i: i32 = 0i;
    var v: u32 = t_14 - 0u;
    var v_1: bool;
    v_1 = 0i <= VALUE;
    var v_2: u32 = 0u;
    var acc: f32 = 0.0f;
    var acc_1: f32;
    loop {
        if !(v_2 < 16u) {
            acc_1 = acc;
            break;
        }
        if !v_1 {
            acc_1 = acc;
            break;
        }
        let acc_2 = acc + block.samples[min(u32(i), 3u)].x;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        acc = acc_2;
    }
    results[10u] = acc_1;
    var t_15: f32;
    t_15 = SCALE;
    results[11u] = f32(i32(t_15 * 3.0f));
    var t_16: f32;
    t_16 = SCALE;
    results[12u] = select(-t_16, SCALE, FLIP || S == 12u);
    var t_17: i32;
    t_17 = VALUE;
    iresults[0u] = t_17 - NEG;
    var t_18: u32;
    t_18 = S;
    iresults[1u] = i32(t_18) * NEG;
    var t_19: i32;
    t_19 = NEG;
    iresults[2u] = abs(t_19);
    iresults[3u] = ~VALUE;
    var t_20: bool;
    t_20 = FLIP;
    var t_21: bool;
    t_21 = S != 10u;
    iresults[4u] = i32(t_20) + i32(t_21) * 2i;
    var t_22: i32;
    t_22 = NEG;
    iresults[5u] = t_22 / select(VALUE, i32(1), VALUE == i32(0));
    var t_23: u32;
    t_23 = bitcast<u32>(SCALE) >> 20u;
    iresults[6u] = i32(t_23);
    iresults[7u] = (VALUE & NEG) | 16i;
}
