@group(0) @binding(0) var<storage, read_write> ints: array<i32>;
@group(0) @binding(1) var<storage, read_write> uints: array<u32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let t = ints[0u];
    let t_1 = ints[1u];
    let a = vec2i(t, t_1);
    let x = ints[2u];
    let r = a % vec2i(x, 1i);
    ints[3u] = r.x + r.y;
    let t_2 = uints[0u];
    let u = vec4u(t_2);
    let t_3 = uints[1u];
    let q = u / vec4u(vec2u(t_3, 1u), vec2u(11u, 1u));
    uints[2u] = q.x + q.y + q.z + q.w;
    ints[4u] = -x / 1i + x % 1i;
}
