fn sum_to(n: i32) -> i32 {
    var total: i32 = 0i;
    var i: i32 = 1i;
    var total_1: i32;
    var last: i32;
    loop {
        if i > n {
            total_1 = total;
            last = i;
            break;
        }
        let t = total + i;
        let t_1 = i + 1i;
        if t == 10i {
            total = t + 1i;
            i = t_1;
            continue;
        }
        total = t;
        i = t_1;
    }
    return total_1 + last;
}

fn pick(c: bool, a: f32) -> f32 {
    var both: f32;
    if c {
        both = a * 2.0f;
    } else {
        both = a + 1.0f;
    }
    var folded_reject: f32 = both;
    if c {
        folded_reject = both * both;
    }
    var folded_accept: f32;
    if c {
        folded_accept = 1.0f;
    } else {
        folded_accept = folded_reject - 1.0f;
    }
    return folded_accept;
}

fn noop() {
}

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3u) {
    let sum_to_1 = sum_to(10i);
    let pick_1 = pick(sum_to_1 < 0i, 1.0f);
    noop();
    loop {
        loop {
            break;
        }
        if pick_1 > 1.0f {
            return;
        } else {
            break;
        }
    }
    var j: i32 = 0i;
    var v: i32;
    loop {
        if j >= 10i {
            v = j;
            break;
        } else {
            j = j + 1i;
            continue;
        }
    }
}
