struct Program {
    bytes: array<u32, 16>,
}

struct Result {
    value: i32,
    error: i32,
    steps: i32,
    depth: i32,
}

@group(0) @binding(0) var<storage, read> programs: array<Program>;
@group(0) @binding(1) var<storage, read_write> results: array<Result>;

fn byte_at(p: Program, i: i32) -> u32 {
    var p_1: Program;
    p_1 = p;
    let t = p_1.bytes[i >> 2u];
    return (t >> u32((i & 3i) * 8i)) & 255u;
}

fn is_digit(c: u32) -> bool {
    return c >= 48u && c <= 57u;
}

fn is_space(c: u32) -> bool {
    return c == 32u || c == 9u || c == 10u;
}

fn apply(op: u32, a: i32, b: i32) -> vec2i {
    if op == 43u {
        return vec2i(a + b, 0i);
    } else if op == 45u {
        return vec2i(a - b, 0i);
    } else if op == 42u {
        return vec2i(a * b, 0i);
    } else if op == 47u || op == 37u {
        if b == 0i {
            return vec2i(0i, 3i);
        }
        return vec2i(select(a % b, a / b, op == 47u), 0i);
    } else if op == 94u {
        if b < 0i {
            return vec2i(0i);
        }
        var k: i32 = 1i;
        var v: u32 = 30u;
        var v_1: bool = true;
        var r: i32 = 1i;
        var r_1: i32;
        loop {
            if !v_1 {
                r_1 = r;
                break;
            }
            if k > b {
                r_1 = r;
                break;
            }
            let r_2 = r * a;
            let next_v = v != 0u;
            k = k + 1i;
            v = v - 1u;
            v_1 = next_v;
            r = r_2;
        }
        return vec2i(r_1, 0i);
    }
    return vec2i(0i, 4i);
}

fn run(p: Program) -> Result {
    var stack: array<i32, 8>;
    stack = array<i32, 8>(0i, 0i, 0i, 0i, 0i, 0i, 0i, 0i);
    var v: u32 = 0u;
    var top: i32 = 0i;
    var max_depth: i32 = 0i;
    var i: i32 = 0i;
    var steps: i32 = 0i;
    var top_1: i32;
    var max_depth_1: i32;
    var steps_1: i32;
    loop {
        if !(v < 64u) {
            top_1 = top;
            max_depth_1 = max_depth;
            steps_1 = steps;
            break;
        }
        if !(i < 64i) {
            top_1 = top;
            max_depth_1 = max_depth;
            steps_1 = steps;
            break;
        }
        let c = byte_at(p, i);
        if c == 0u {
            top_1 = top;
            max_depth_1 = max_depth;
            steps_1 = steps;
            break;
        }
        let steps_2 = steps + 1i;
        let is_space_1 = is_space(c);
        var top_2: i32;
        var max_depth_2: i32;
        var i_1: i32;
        if is_space_1 {
            top_2 = top;
            max_depth_2 = max_depth;
            i_1 = i + 1i;
        } else {
            let is_digit_1 = is_digit(c);
            var top_3: i32;
            var max_depth_3: i32;
            var i_2: i32;
            if is_digit_1 {
                var v_1: u32 = 0u;
                var i_3: i32 = i;
                var value: i32 = 0i;
                var i_4: i32;
                var value_1: i32;
                loop {
                    if !(v_1 < 64u) {
                        i_4 = i_3;
                        value_1 = value;
                        break;
                    }
                    if !(i_3 < 64i) {
                        i_4 = i_3;
                        value_1 = value;
                        break;
                    }
                    let d = byte_at(p, i_3);
                    let is_digit_2 = is_digit(d);
                    if !is_digit_2 {
                        i_4 = i_3;
                        value_1 = value;
                        break;
                    }
                    let value_2 = value * 10i + i32(d - 48u);
                    let i_5 = i_3 + 1i;
                    v_1 = v_1 + 1u;
                    i_3 = i_5;
                    value = value_2;
                }
                if top >= 8i {
                    return Result(0i, 2i, steps_2, max_depth);
                }
                stack[top] = value_1;
                let top_4 = top + 1i;
                top_3 = top_4;
                max_depth_3 = max(max_depth, top_4);
                i_2 = i_4;
            } else {
                var top_5: i32;
                var max_depth_4: i32 = max_depth;
                if c == 126u {
                    if top < 1i {
                        return Result(0i, 1i, steps_2, max_depth);
                    }
                    let t = stack[top - 1i];
                    stack[top - 1i] = -t;
                    top_5 = top;
                } else if c == 100u {
                    if top < 1i {
                        return Result(0i, 1i, steps_2, max_depth);
                    } else if top >= 8i {
                        return Result(0i, 2i, steps_2, max_depth);
                    }
                    let t_1 = stack[top - 1i];
                    stack[top] = t_1;
                    let top_6 = top + 1i;
                    top_5 = top_6;
                    max_depth_4 = max(max_depth, top_6);
                } else {
                    if top < 2i {
                        return Result(0i, 1i, steps_2, max_depth);
                    }
                    let t_2 = stack[top - 2i];
                    let t_3 = stack[top - 1i];
                    let r = apply(c, t_2, t_3);
                    if r.y != 0i {
                        return Result(0i, r.y, steps_2, max_depth);
                    }
                    let top_7 = top - 1i;
                    stack[top_7 - 1i] = r.x;
                    top_5 = top_7;
                }
                top_3 = top_5;
                max_depth_3 = max_depth_4;
                i_2 = i + 1i;
            }
            top_2 = top_3;
            max_depth_2 = max_depth_3;
            i_1 = i_2;
        }
        v = v + 1u;
        top = top_2;
        max_depth = max_depth_2;
        i = i_1;
        steps = steps_2;
    }
    if top_1 != 1i {
        var v_2: i32 = 0i;
        if top_1 > 0i {
            let t_4 = stack[top_1 - 1i];
            v_2 = t_4;
        }
        return Result(v_2, 5i, steps_1, max_depth_1);
    }
    let t_5 = stack[0u];
    return Result(t_5, 0i, steps_1, max_depth_1);
}

@compute @workgroup_size(32, 1, 1)
fn evaluate(@builtin(global_invocation_id) id: vec3u) {
    let t = arrayLength(&programs);
    if id.x >= u32(i32(t)) {
        return;
    }
    let t_1 = programs[min(id.x, arrayLength(&programs) - 1u)];
    let run_1 = run(t_1);
    results[min(id.x, arrayLength(&results) - 1u)] = run_1;
}
