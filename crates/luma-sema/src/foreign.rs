//! Builtin names from GLSL, HLSL, WGSL and Metal that Luma spells differently, so that a call of
//! an unknown function says what Luma calls it instead of guessing by spelling (an edit-distance
//! guess turns HLSL's `rsqrt` into `sqrt`).

/// What Luma has instead of a foreign builtin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Instead {
    /// A Luma builtin of another name, used the same way.
    Builtin(&'static str),
    /// No builtin: how to write it.
    Write(&'static str),
}

/// The help for GLSL's `memoryBarrier()` and `groupMemoryBarrier()`, which say the same.
const GLSL_MEMORY_BARRIER: &str =
    "`workgroup_barrier()` (`shared` memory) and `storage_barrier()` (buffers) each wait for \
     the workgroup and make its writes visible: one of them replaces the memory barrier and \
     the `barrier()` after it";

/// `(foreign name, languages that have it, what Luma has)`.
const TABLE: &[(&str, &str, Instead)] = &[
    (
        "GroupMemoryBarrierWithGroupSync",
        "HLSL",
        Instead::Builtin("workgroup_barrier"),
    ),
    ("InterlockedAdd", "HLSL", Instead::Builtin("atomic_add")),
    ("InterlockedAnd", "HLSL", Instead::Builtin("atomic_and")),
    (
        "InterlockedCompareExchange",
        "HLSL",
        Instead::Builtin("atomic_compare_exchange"),
    ),
    (
        "InterlockedExchange",
        "HLSL",
        Instead::Builtin("atomic_exchange"),
    ),
    ("InterlockedMax", "HLSL", Instead::Builtin("atomic_max")),
    ("InterlockedMin", "HLSL", Instead::Builtin("atomic_min")),
    ("InterlockedOr", "HLSL", Instead::Builtin("atomic_or")),
    ("InterlockedXor", "HLSL", Instead::Builtin("atomic_xor")),
    ("asfloat", "HLSL", Instead::Builtin("as_float")),
    ("asint", "HLSL", Instead::Builtin("as_int")),
    ("asuint", "HLSL", Instead::Builtin("as_uint")),
    (
        "arrayLength",
        "WGSL",
        Instead::Write("the length of an array is `#a`, as in Lua"),
    ),
    ("atomicAdd", "GLSL and WGSL", Instead::Builtin("atomic_add")),
    ("atomicAnd", "GLSL and WGSL", Instead::Builtin("atomic_and")),
    (
        "atomicCompSwap",
        "GLSL",
        Instead::Builtin("atomic_compare_exchange"),
    ),
    (
        "atomicExchange",
        "GLSL and WGSL",
        Instead::Builtin("atomic_exchange"),
    ),
    ("atomicLoad", "WGSL", Instead::Builtin("atomic_load")),
    ("atomicMax", "GLSL and WGSL", Instead::Builtin("atomic_max")),
    ("atomicMin", "GLSL and WGSL", Instead::Builtin("atomic_min")),
    ("atomicOr", "GLSL and WGSL", Instead::Builtin("atomic_or")),
    ("atomicStore", "WGSL", Instead::Builtin("atomic_store")),
    ("atomicSub", "WGSL", Instead::Builtin("atomic_sub")),
    ("atomicXor", "GLSL and WGSL", Instead::Builtin("atomic_xor")),
    ("barrier", "GLSL", Instead::Builtin("workgroup_barrier")),
    (
        "bitcast",
        "WGSL",
        Instead::Write("reinterpret bits with `as_float(...)`, `as_int(...)` or `as_uint(...)`"),
    ),
    ("bitCount", "GLSL", Instead::Builtin("count_one_bits")),
    ("bitfieldExtract", "GLSL", Instead::Builtin("extract_bits")),
    ("bitfieldInsert", "GLSL", Instead::Builtin("insert_bits")),
    ("bitfieldReverse", "GLSL", Instead::Builtin("reverse_bits")),
    (
        "clip",
        "HLSL",
        Instead::Write("end the invocation with `if x < 0.0 then discard end`"),
    ),
    ("clz", "Metal", Instead::Builtin("count_leading_zeros")),
    (
        "countLeadingZeros",
        "WGSL",
        Instead::Builtin("count_leading_zeros"),
    ),
    ("countOneBits", "WGSL", Instead::Builtin("count_one_bits")),
    (
        "countTrailingZeros",
        "WGSL",
        Instead::Builtin("count_trailing_zeros"),
    ),
    ("ctz", "Metal", Instead::Builtin("count_trailing_zeros")),
    ("countbits", "HLSL", Instead::Builtin("count_one_bits")),
    ("dFdx", "GLSL", Instead::Builtin("dfdx")),
    ("dFdxCoarse", "GLSL", Instead::Builtin("dfdx_coarse")),
    ("dFdxFine", "GLSL", Instead::Builtin("dfdx_fine")),
    ("dFdy", "GLSL", Instead::Builtin("dfdy")),
    ("dFdyCoarse", "GLSL", Instead::Builtin("dfdy_coarse")),
    ("dFdyFine", "GLSL", Instead::Builtin("dfdy_fine")),
    ("ddx", "HLSL", Instead::Builtin("dfdx")),
    ("ddx_coarse", "HLSL", Instead::Builtin("dfdx_coarse")),
    ("ddx_fine", "HLSL", Instead::Builtin("dfdx_fine")),
    ("ddy", "HLSL", Instead::Builtin("dfdy")),
    ("ddy_coarse", "HLSL", Instead::Builtin("dfdy_coarse")),
    ("ddy_fine", "HLSL", Instead::Builtin("dfdy_fine")),
    ("dpdx", "WGSL", Instead::Builtin("dfdx")),
    ("dpdxCoarse", "WGSL", Instead::Builtin("dfdx_coarse")),
    ("dpdxFine", "WGSL", Instead::Builtin("dfdx_fine")),
    ("dpdy", "WGSL", Instead::Builtin("dfdy")),
    ("dpdyCoarse", "WGSL", Instead::Builtin("dfdy_coarse")),
    ("dpdyFine", "WGSL", Instead::Builtin("dfdy_fine")),
    ("fwidthCoarse", "GLSL and WGSL", Instead::Builtin("fwidth_coarse")),
    ("fwidthFine", "GLSL and WGSL", Instead::Builtin("fwidth_fine")),
    ("extractBits", "WGSL", Instead::Builtin("extract_bits")),
    (
        "exp10",
        "Metal",
        Instead::Write("raise 10 with `pow(10.0, x)` or `exp2(x * 3.3219281)`"),
    ),
    ("faceForward", "WGSL", Instead::Builtin("faceforward")),
    ("findLSB", "GLSL", Instead::Builtin("first_trailing_bit")),
    ("findMSB", "GLSL", Instead::Builtin("first_leading_bit")),
    ("firstLeadingBit", "WGSL", Instead::Builtin("first_leading_bit")),
    ("firstTrailingBit", "WGSL", Instead::Builtin("first_trailing_bit")),
    ("firstbithigh", "HLSL", Instead::Builtin("first_leading_bit")),
    ("firstbitlow", "HLSL", Instead::Builtin("first_trailing_bit")),
    ("floatBitsToInt", "GLSL", Instead::Builtin("as_int")),
    ("floatBitsToUint", "GLSL", Instead::Builtin("as_uint")),
    (
        "fmod",
        "HLSL",
        Instead::Write(
            "HLSL's `fmod` truncates, which is Luma's `%` on floats (`mod(x, y)` floors, as in GLSL)",
        ),
    ),
    (
        "frexp",
        "GLSL, HLSL, WGSL and Metal",
        Instead::Write(
            "for a normal float `x`, the exponent is `int((as_uint(x) >> 23u) & 0xFFu) - 126` \
             and the fraction `as_float((as_uint(x) & 0x807FFFFFu) | 0x3F000000u)`, which \
             `ldexp` puts back together",
        ),
    ),
    ("frac", "HLSL", Instead::Builtin("fract")),
    ("insertBits", "WGSL", Instead::Builtin("insert_bits")),
    ("intBitsToFloat", "GLSL", Instead::Builtin("as_float")),
    ("inverseSqrt", "WGSL", Instead::Builtin("inversesqrt")),
    (
        "len",
        "Python and Go",
        Instead::Write("the length of an array is `#a`, as in Lua"),
    ),
    (
        "log10",
        "HLSL and Metal",
        Instead::Write("scale the base-2 logarithm: `log2(x) * 0.30103`"),
    ),
    ("lerp", "HLSL", Instead::Builtin("mix")),
    // GLSL orders memory and synchronises invocations in two calls; Luma's barriers do both.
    (
        "memoryBarrierShared",
        "GLSL",
        Instead::Write(
            "`workgroup_barrier()` waits for the workgroup and makes its `shared` writes \
             visible, so the pair `memoryBarrierShared(); barrier()` is one `workgroup_barrier()`",
        ),
    ),
    (
        "memoryBarrierBuffer",
        "GLSL",
        Instead::Write(
            "`storage_barrier()` waits for the workgroup and makes its buffer writes visible, \
             so the pair `memoryBarrierBuffer(); barrier()` is one `storage_barrier()`",
        ),
    ),
    (
        "memoryBarrier",
        "GLSL",
        Instead::Write(GLSL_MEMORY_BARRIER),
    ),
    (
        "groupMemoryBarrier",
        "GLSL",
        Instead::Write(GLSL_MEMORY_BARRIER),
    ),
    ("mad", "HLSL", Instead::Builtin("fma")),
    (
        "modf",
        "GLSL, HLSL, WGSL and Metal",
        Instead::Write(
            "the whole part is `trunc(x)` and the fraction `x - trunc(x)`, both with `x`'s sign \
             (`fract(x)` is `x - floor(x)`, and `mod` is a remainder)",
        ),
    ),
    (
        "mul",
        "HLSL",
        Instead::Write(
            "multiply matrices and vectors with `*` (Luma's matrices are column-major, as in \
             GLSL: `m * v` transforms `v`)",
        ),
    ),
    ("outerProduct", "GLSL", Instead::Builtin("outer_product")),
    (
        "ipairs",
        "Lua",
        Instead::Write("count with `for i = 0, #a - 1 do ... end` and index `a[i]`"),
    ),
    (
        "pairs",
        "Lua",
        Instead::Write("count with `for i = 0, #a - 1 do ... end` and index `a[i]`"),
    ),
    (
        "print",
        "Lua",
        Instead::Write(
            "a shader has no console: write the value to a `buffer` or an output to inspect it",
        ),
    ),
    ("pack2x16float", "WGSL", Instead::Builtin("pack_half2x16")),
    ("pack2x16snorm", "WGSL", Instead::Builtin("pack_snorm2x16")),
    ("pack2x16unorm", "WGSL", Instead::Builtin("pack_unorm2x16")),
    ("pack4x8snorm", "WGSL", Instead::Builtin("pack_snorm4x8")),
    ("pack4x8unorm", "WGSL", Instead::Builtin("pack_unorm4x8")),
    ("packHalf2x16", "GLSL", Instead::Builtin("pack_half2x16")),
    ("packSnorm2x16", "GLSL", Instead::Builtin("pack_snorm2x16")),
    ("packSnorm4x8", "GLSL", Instead::Builtin("pack_snorm4x8")),
    ("packUnorm2x16", "GLSL", Instead::Builtin("pack_unorm2x16")),
    ("packUnorm4x8", "GLSL", Instead::Builtin("pack_unorm4x8")),
    (
        "quantizeToF16",
        "WGSL",
        Instead::Write(
            "round through a half: `unpack_half2x16(pack_half2x16(vec2(x))).x`, or \
             `float(half(x))` on targets with `half`",
        ),
    ),
    ("rcp", "HLSL", Instead::Write("divide: `1.0 / x`")),
    ("reverseBits", "WGSL", Instead::Builtin("reverse_bits")),
    ("reversebits", "HLSL", Instead::Builtin("reverse_bits")),
    ("roundEven", "GLSL", Instead::Builtin("round")),
    ("rsqrt", "HLSL and Metal", Instead::Builtin("inversesqrt")),
    (
        "sincos",
        "HLSL and Metal",
        Instead::Write("call `sin(x)` and `cos(x)`: Luma has no out parameters"),
    ),
    ("smoothStep", "WGSL", Instead::Builtin("smoothstep")),
    ("storageBarrier", "WGSL", Instead::Builtin("storage_barrier")),
    ("tex2D", "HLSL", Instead::Builtin("sample")),
    ("texelFetch", "GLSL", Instead::Builtin("texel_fetch")),
    ("texture", "GLSL", Instead::Builtin("sample")),
    ("texture2D", "GLSL", Instead::Builtin("sample")),
    ("textureDimensions", "WGSL", Instead::Builtin("texture_size")),
    ("textureGather", "GLSL and WGSL", Instead::Builtin("texture_gather")),
    (
        "textureGatherCompare",
        "WGSL",
        Instead::Builtin("texture_gather_compare"),
    ),
    ("textureGatherOffset", "GLSL", Instead::Builtin("texture_gather")),
    ("textureGrad", "GLSL", Instead::Builtin("sample_grad")),
    ("textureGradOffset", "GLSL", Instead::Builtin("sample_grad")),
    ("textureLoad", "WGSL", Instead::Builtin("texel_fetch")),
    ("textureLod", "GLSL", Instead::Builtin("sample_level")),
    ("textureLodOffset", "GLSL", Instead::Builtin("sample_level")),
    ("textureNumLayers", "WGSL", Instead::Builtin("texture_layers")),
    ("textureNumLevels", "WGSL", Instead::Builtin("texture_levels")),
    ("textureNumSamples", "WGSL", Instead::Builtin("texture_samples")),
    ("textureOffset", "GLSL", Instead::Builtin("sample")),
    ("textureQueryLevels", "GLSL", Instead::Builtin("texture_levels")),
    ("textureSample", "WGSL", Instead::Builtin("sample")),
    ("textureSampleBias", "WGSL", Instead::Builtin("sample_bias")),
    ("textureSampleCompare", "WGSL", Instead::Builtin("sample_compare")),
    (
        "textureSampleCompareLevel",
        "WGSL",
        Instead::Builtin("sample_compare_level"),
    ),
    ("textureSampleGrad", "WGSL", Instead::Builtin("sample_grad")),
    ("textureSampleLevel", "WGSL", Instead::Builtin("sample_level")),
    ("textureSamples", "GLSL", Instead::Builtin("texture_samples")),
    ("textureSize", "GLSL", Instead::Builtin("texture_size")),
    ("uintBitsToFloat", "GLSL", Instead::Builtin("as_float")),
    ("unpack2x16float", "WGSL", Instead::Builtin("unpack_half2x16")),
    ("unpack2x16snorm", "WGSL", Instead::Builtin("unpack_snorm2x16")),
    ("unpack2x16unorm", "WGSL", Instead::Builtin("unpack_unorm2x16")),
    ("unpack4x8snorm", "WGSL", Instead::Builtin("unpack_snorm4x8")),
    ("unpack4x8unorm", "WGSL", Instead::Builtin("unpack_unorm4x8")),
    ("unpackHalf2x16", "GLSL", Instead::Builtin("unpack_half2x16")),
    ("unpackSnorm2x16", "GLSL", Instead::Builtin("unpack_snorm2x16")),
    ("unpackSnorm4x8", "GLSL", Instead::Builtin("unpack_snorm4x8")),
    ("unpackUnorm2x16", "GLSL", Instead::Builtin("unpack_unorm2x16")),
    ("unpackUnorm4x8", "GLSL", Instead::Builtin("unpack_unorm4x8")),
    ("workgroupBarrier", "WGSL", Instead::Builtin("workgroup_barrier")),
];

/// What Luma has instead of the foreign builtin `name`, with the languages that spell it so.
pub(crate) fn lookup(name: &str) -> Option<(&'static str, Instead)> {
    TABLE
        .iter()
        .find(|(foreign, _, _)| *foreign == name)
        .map(|(_, languages, instead)| (*languages, *instead))
}

/// Foreign type names that are not vectors or matrices: `(name, languages, Luma's type)`.
const TYPES: &[(&str, &str, &str)] = &[
    ("f16", "WGSL", "half"),
    ("f32", "WGSL", "float"),
    ("i32", "WGSL", "int"),
    ("u32", "WGSL", "uint"),
    ("dword", "HLSL", "uint"),
    ("Texture2D", "HLSL", "texture2D"),
    ("Texture2DArray", "HLSL", "texture2DArray"),
    ("Texture3D", "HLSL", "texture3D"),
    ("TextureCube", "HLSL", "textureCube"),
    ("RWTexture2D", "HLSL", "image2D"),
    ("RWTexture2DArray", "HLSL", "image2DArray"),
    ("RWTexture3D", "HLSL", "image3D"),
    ("SamplerState", "HLSL", "sampler"),
    ("SamplerComparisonState", "HLSL", "samplerShadow"),
];

/// What Luma calls the foreign type `name` (HLSL's and Metal's `float3`, `int2`, `float4x4`,
/// WGSL's `vec3f`, `mat4x4f`, `f32`, ...), with the languages that spell it so.
pub(crate) fn lookup_type(name: &str) -> Option<(&'static str, String)> {
    if let Some((_, languages, luma)) = TYPES.iter().find(|(foreign, _, _)| *foreign == name) {
        return Some((languages, (*luma).to_string()));
    }
    // HLSL and Metal: `<scalar><N>` and `<scalar><R>x<C>` (R rows, C columns).
    for (scalar, prefix) in [
        ("float", ""),
        ("half", "h"),
        ("int", "i"),
        ("uint", "u"),
        ("bool", "b"),
    ] {
        let Some(rest) = name.strip_prefix(scalar) else {
            continue;
        };
        let digit = |c: &str| matches!(c, "2" | "3" | "4");
        if digit(rest) {
            return Some(("HLSL and Metal", format!("{prefix}vec{rest}")));
        }
        // Only square matrices: HLSL's `float2x3` has 2 rows, Metal's 2 columns.
        if let Some((rows, cols)) = rest.split_once('x') {
            if digit(rows) && rows == cols && matches!(scalar, "float" | "half") {
                return Some(("HLSL and Metal", format!("{prefix}mat{rows}")));
            }
        }
    }
    // WGSL: `vec3f`, `vec3i`, `vec3u`, `vec3h`, `mat4x4f`, `mat4x4h`.
    for (suffix, prefix) in [("f", ""), ("h", "h"), ("i", "i"), ("u", "u")] {
        let Some(base) = name.strip_suffix(suffix) else {
            continue;
        };
        let is_vec = matches!(base, "vec2" | "vec3" | "vec4");
        let is_mat = base.len() == 6
            && base.starts_with("mat")
            && base
                .as_bytes()
                .get(3)
                .is_some_and(|c| (b'2'..=b'4').contains(c))
            && base.as_bytes().get(4) == Some(&b'x')
            && base
                .as_bytes()
                .get(5)
                .is_some_and(|c| (b'2'..=b'4').contains(c));
        if is_vec || (is_mat && matches!(suffix, "f" | "h")) {
            return Some(("WGSL", format!("{prefix}{base}")));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn foreign_types_are_luma_types() {
        for name in [
            "float3",
            "half2",
            "int4",
            "uint2",
            "bool3",
            "float4x4",
            "half2x2",
            "vec3f",
            "vec2i",
            "vec4u",
            "vec3h",
            "mat4x4f",
            "mat2x3h",
            "f32",
            "i32",
            "u32",
            "f16",
            "dword",
            "Texture2D",
            "RWTexture3D",
            "SamplerState",
        ] {
            let (_, luma) = lookup_type(name).unwrap_or_else(|| panic!("`{name}` not mapped"));
            assert!(
                crate::types::is_builtin_type_name(&luma),
                "`{luma}` (for `{name}`) is not a Luma type"
            );
            assert!(
                !crate::types::is_builtin_type_name(name),
                "`{name}` is a Luma type"
            );
        }
        assert_eq!(
            lookup_type("float3x3").map(|x| x.1),
            Some("mat3".to_string())
        );
        for name in [
            "float", "float5", "int2x2", "float2x3", "vec3", "vec5f", "mat4x4i", "floaty",
        ] {
            assert!(lookup_type(name).is_none(), "`{name}` mapped");
        }
    }

    #[test]
    fn every_replacement_is_a_luma_builtin_and_no_foreign_name_is_one() {
        for (foreign, _, instead) in TABLE {
            assert!(
                crate::builtins::lookup(foreign).is_none(),
                "`{foreign}` is itself a Luma builtin"
            );
            if let Instead::Builtin(name) = instead {
                assert!(
                    crate::builtins::lookup(name).is_some(),
                    "`{name}` (for `{foreign}`) is not a Luma builtin"
                );
            }
        }
    }
}
