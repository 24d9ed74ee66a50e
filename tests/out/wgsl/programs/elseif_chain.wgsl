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
    let t = codes[i];
    if t == 0u {
        results[i] = 7i;
    } else if codes[i] == 1u {
        results[i] = 48i;
    } else if codes[i] == 2u {
        results[i] = 85i;
    } else if codes[i] == 3u {
        results[i] = 21i;
    } else if codes[i] == 4u {
        results[i] = 58i;
    } else if codes[i] == 5u {
        results[i] = 95i;
    } else if codes[i] == 6u {
        results[i] = 31i;
    } else if codes[i] == 7u {
        results[i] = 68i;
    } else if codes[i] == 8u {
        results[i] = 4i;
    } else if codes[i] == 9u {
        results[i] = 41i;
    } else if codes[i] == 10u {
        results[i] = 78i;
    } else if codes[i] == 11u {
        results[i] = 14i;
    } else if codes[i] == 12u {
        results[i] = 51i;
    } else if codes[i] == 13u {
        results[i] = 88i;
    } else if codes[i] == 14u {
        results[i] = 24i;
    } else if codes[i] == 15u {
        results[i] = 61i;
    } else if codes[i] == 16u {
        results[i] = 98i;
    } else if codes[i] == 17u {
        results[i] = 34i;
    } else if codes[i] == 18u {
        results[i] = 71i;
    } else if codes[i] == 19u {
        results[i] = 7i;
    } else if codes[i] == 20u {
        results[i] = 44i;
    } else if codes[i] == 21u {
        results[i] = 81i;
    } else if codes[i] == 22u {
        results[i] = 17i;
    } else if codes[i] == 23u {
        results[i] = 54i;
    } else if codes[i] == 24u {
        results[i] = 91i;
    } else if codes[i] == 25u {
        results[i] = 27i;
    } else if codes[i] == 26u {
        results[i] = 64i;
    } else if codes[i] == 27u {
        results[i] = 0i;
    } else if codes[i] == 28u {
        results[i] = 37i;
    } else if codes[i] == 29u {
        results[i] = 74i;
    } else if codes[i] == 30u {
        results[i] = 10i;
    } else if codes[i] == 31u {
        results[i] = 47i;
    } else if codes[i] == 32u {
        results[i] = 84i;
    } else if codes[i] == 33u {
        results[i] = 20i;
    } else if codes[i] == 34u {
        results[i] = 57i;
    } else if codes[i] == 35u {
        results[i] = 94i;
    } else if codes[i] == 36u {
        results[i] = 30i;
    } else if codes[i] == 37u {
        results[i] = 67i;
    } else if codes[i] == 38u {
        results[i] = 3i;
    } else if codes[i] == 39u {
        results[i] = 40i;
    }
    let t_1 = codes[i];
    let w = weight(t_1);
    if w == 1i {
        let t_2 = results[i];
        results[i] = t_2 + 10i;
    } else if w == 2i {
        let t_3 = results[i];
        results[i] = t_3 + 20i;
    } else if w == 3i {
        let t_4 = results[i];
        results[i] = t_4 - 30i;
    } else if w == 4i {
        let t_5 = results[i];
        results[i] = t_5 * 2i;
    } else {
        results[i] = 0i;
    }
}
