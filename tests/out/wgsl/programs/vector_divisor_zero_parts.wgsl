@group(0) @binding(0) var<storage, read_write> ints: array<i32>;
@group(0) @binding(1) var<storage, read_write> uints: array<u32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
    let t = ints[min(0u, arrayLength(&ints) - 1u)];
    let t_1 = ints[min(1u, arrayLength(&ints) - 1u)];
    let a = vec2i(t, t_1);
    let x = ints[min(2u, arrayLength(&ints) - 1u)];
    let r = a % vec2i(x, 1i);
    ints[min(3u, arrayLength(&ints) - 1u)] = r.x + r.y;
    let t_2 = uints[min(0u, arrayLength(&uints) - 1u)];
    let u = vec4u(t_2);
    let t_3 = uints[min(1u, arrayLength(&uints) - 1u)];
    let q = u / vec4u(vec2u(t_3, 1u), vec2u(11u, 1u));
    uints[min(2u, arrayLength(&uints) - 1u)] = q.x + q.y + q.z + q.w;
    ints[min(4u, arrayLength(&ints) - 1u)] = -x / 1i + x % 1i;
}
