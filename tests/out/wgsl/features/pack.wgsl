struct Inputs {
    color: vec4f,
    pair: vec2f,
    word: u32,
    pad: u32,
}

@group(0) @binding(0) var<uniform> inputs: Inputs;
@group(0) @binding(1) var<storage, read_write> packed: array<u32>;
@group(0) @binding(2) var<storage, read_write> unpacked: array<vec4f>;

@compute @workgroup_size(1, 1, 1)
fn pack_unpack() {
    packed[min(0u, arrayLength(&packed) - 1u)] = pack4x8unorm(inputs.color);
    packed[min(1u, arrayLength(&packed) - 1u)] = pack4x8snorm(inputs.color * 2.0f - vec4f(1.0f));
    packed[min(2u, arrayLength(&packed) - 1u)] = pack2x16unorm(inputs.pair);
    packed[min(3u, arrayLength(&packed) - 1u)] = pack2x16snorm(-inputs.pair);
    packed[min(4u, arrayLength(&packed) - 1u)] = pack2x16float(inputs.pair * 100.0f);
    unpacked[min(0u, arrayLength(&unpacked) - 1u)] = unpack4x8unorm(inputs.word);
    unpacked[min(1u, arrayLength(&unpacked) - 1u)] = unpack4x8snorm(inputs.word);
    unpacked[min(2u, arrayLength(&unpacked) - 1u)] = vec4f(unpack2x16unorm(inputs.word), unpack2x16snorm(inputs.word));
    unpacked[min(3u, arrayLength(&unpacked) - 1u)] = vec4f(unpack2x16float(inputs.word), 0.0f, 1.0f);
}
