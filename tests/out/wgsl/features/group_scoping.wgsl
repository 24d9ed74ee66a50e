struct Block {
    value: vec4f,
}

@group(0) @binding(0) var<uniform> a: Block;
@group(1) @binding(0) var<uniform> b: Block;
@group(0) @binding(1) var<uniform> c: Block;
@group(2) @binding(0) var<storage, read_write> out: array<vec4f, 1>;

@compute @workgroup_size(1, 1, 1)
fn group_scoping() {
    out[0u] = a.value + b.value + c.value;
}
