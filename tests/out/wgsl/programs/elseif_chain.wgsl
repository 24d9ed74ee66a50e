@group(0) @binding(0) var<storage, read> codes: array<u32>;
@group(0) @binding(1) var<storage, read_write> results: array<i32>;

fn weight(c: u32) -> i32 {
    if c < 4u {
        return 1i;
    } else if c < 8u {
        return 2i;
    } else if c < 16u {
        return 3i;
    } else if c < 32u {
        return 4i;
    }
    return 5i;
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let i = i32(id.x);
    let t = codes[min(u32(i), arrayLength(&codes) - 1u)];
    var taken: bool = false;
    if t == 0u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 7i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 1u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 48i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 2u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 85i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 3u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 21i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 4u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 58i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 5u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 95i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 6u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 31i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 7u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 68i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 8u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 4i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 9u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 41i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 10u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 78i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 11u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 14i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 12u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 51i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 13u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 88i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 14u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 24i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 15u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 61i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 16u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 98i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 17u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 34i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 18u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 71i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 19u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 7i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 20u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 44i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 21u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 81i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 22u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 17i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 23u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 54i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 24u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 91i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 25u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 27i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 26u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 64i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 27u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 0i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 28u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 37i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 29u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 74i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 30u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 10i;
        taken = true;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 31u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 47i;
        taken = true;
    }
    if taken {
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 32u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 84i;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 33u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 20i;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 34u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 57i;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 35u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 94i;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 36u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 30i;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 37u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 67i;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 38u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 3i;
    } else if codes[min(u32(i), arrayLength(&codes) - 1u)] == 39u {
        results[min(u32(i), arrayLength(&results) - 1u)] = 40i;
    }
    let t_1 = codes[min(u32(i), arrayLength(&codes) - 1u)];
    let w = weight(t_1);
    if w == 1i {
        let t_2 = results[min(u32(i), arrayLength(&results) - 1u)];
        results[min(u32(i), arrayLength(&results) - 1u)] = t_2 + 10i;
    } else if w == 2i {
        let t_3 = results[min(u32(i), arrayLength(&results) - 1u)];
        results[min(u32(i), arrayLength(&results) - 1u)] = t_3 + 20i;
    } else if w == 3i {
        let t_4 = results[min(u32(i), arrayLength(&results) - 1u)];
        results[min(u32(i), arrayLength(&results) - 1u)] = t_4 - 30i;
    } else if w == 4i {
        let t_5 = results[min(u32(i), arrayLength(&results) - 1u)];
        results[min(u32(i), arrayLength(&results) - 1u)] = t_5 * 2i;
    } else {
        results[min(u32(i), arrayLength(&results) - 1u)] = 0i;
    }
}
