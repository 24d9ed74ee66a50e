@group(0) @binding(0) var<storage, read_write> data: array<i32, 4>;

fn doubled(start: i32) -> i32 {
    var v: u32 = 0u;
    var i: i32 = start;
    var i_1: i32;
    loop {
        if !(v < 40u) {
            i_1 = i;
            break;
        }
        var i_2: i32;
        loop {
            if !(0u < 8u) {
                i_2 = i;
                break;
            }
            if i > 5i {
                let i_3 = i * 2i;
                i_2 = i_3;
                break;
            } else {
                let i_4 = i * 3i;
                i_2 = i_4;
                break;
            }
        }
        if i_2 > 10i {
            i_1 = i_2;
            break;
        }
        v = v + 1u;
        i = i_2;
    }
    return i_1;
}

fn once(x: i32) -> u32 {
    var out: u32;
    loop {
        if !(0u < 4u) {
            out = 0u;
            break;
        }
        var out_1: u32 = 0u;
        if x == 1i {
            out_1 = 0u + 10u;
        }
        let out_2 = out_1 + 1u;
        out = out_2;
        break;
    }
    return out;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
    let t = data[0u];
    let doubled_1 = doubled(t);
    data[0u] = doubled_1;
    var v: u32 = 0u;
    loop {
        if !(v < 4u) {
            break;
        }
        let t_1 = data[1u];
        if t_1 > 100i {
            data[1u] = 0i;
        } else {
            break;
        }
        v = v + 1u;
    }
    let t_2 = data[2u];
    let once_1 = once(t_2);
    data[2u] = i32(once_1);
    var v_1: u32 = 0u;
    loop {
        if !(v_1 < 4u) {
            break;
        }
        loop {
            if !(0u < 4u) {
                break;
            }
            let t_3 = data[3u];
            if t_3 > 0i {
                let t_4 = data[3u];
                data[3u] = t_4 - 1i;
                break;
            } else {
                let t_5 = data[3u];
                data[3u] = t_5 + 1i;
                break;
            }
        }
        let t_6 = data[3u];
        if t_6 != 5i {
            break;
        }
        v_1 = v_1 + 1u;
    }
}
