//! Every diagnostic code the checker reports, with a title and an example that triggers it.
//!
//! Ranges: E04xx names and declarations, E05xx types and expressions, E06xx statements, entry
//! points, stages and resources, E07xx constant evaluation and limits, W02xx warnings. Each code
//! has a failing source under `tests/diagnostics/sema/` whose rendered output is committed.

use luma_base::{Code, CodeDoc, Severity};

macro_rules! codes {
    ($( $(#[$doc:meta])* $name:ident, $sev:ident, $title:literal, $example:literal; )*) => {
        $( $(#[$doc])* pub const $name: Code = Code(stringify!($name)); )*
        /// Every code of this crate, in numeric order.
        pub const ALL: &[CodeDoc] = &[
            $( CodeDoc {
                code: $name,
                severity: Severity::$sev,
                title: $title,
                example: $example,
            }, )*
        ];
    };
}

codes! {
    /// A name that is not declared.
    E0401, Error, "cannot find a value with this name", "function f() -> float\n\treturn missing\nend";
    /// A type name that is not declared.
    E0402, Error, "cannot find a type with this name", "function f(x: Vec3)\nend";
    /// A called name that is neither a function, a builtin nor a type.
    E0403, Error, "cannot find a function with this name", "function f() -> float\n\treturn lenght(vec2(1.0))\nend";
    /// Two module-scope declarations with one name.
    E0404, Error, "the name is declared twice", "const A = 1\nconst A = 2";
    /// A local declared twice in one block.
    E0405, Error, "the local is declared twice in one block", "function f()\n\tlet x = 1.0\n\tlet x = 2.0\nend";
    /// A declaration named like a builtin type or function.
    E0406, Error, "the name of a builtin cannot be declared", "function normalize(v: vec3) -> vec3\n\treturn v\nend";
    /// An attribute Luma does not know.
    E0407, Error, "unknown attribute", "@bindng(0) uniform u: vec4";
    /// An attribute on a declaration it does not apply to.
    E0408, Error, "attribute not allowed here", "@group(0) struct S\n\tx: float\nend";
    /// The same attribute twice on one declaration.
    E0409, Error, "duplicate attribute", "@group(0) @group(1) uniform u: vec4";
    /// An attribute with the wrong arguments.
    E0410, Error, "invalid attribute arguments", "@group uniform u: vec4";
    /// A struct with two members of one name.
    E0411, Error, "duplicate struct member", "struct S\n\tx: float\n\tx: int\nend";
    /// A struct that contains itself.
    E0412, Error, "recursive struct", "struct S\n\tnext: [2]S\nend";
    /// A type or function used where a value is expected.
    E0413, Error, "not a value", "function f() -> float\n\treturn f\nend";
    /// A call of something that is not a function.
    E0414, Error, "not callable", "function f(x: float) -> float\n\treturn x(1.0)\nend";
    /// A struct member that does not exist.
    E0415, Error, "no such struct member", "struct S\n\tx: float\nend\nfunction f(s: S) -> float\n\treturn s.y\nend";
    /// A constant whose value depends on itself.
    E0416, Error, "constant depends on itself", "const A: int = B\nconst B: int = A";
    /// A call of an entry point.
    E0417, Error, "entry points cannot be called", "@entry(compute) @workgroup_size(1)\nfunction main()\n\tmain()\nend";
    /// A struct declared without members.
    E0418, Error, "struct without members", "struct Empty\nend";

    /// A value of one type where another is required.
    E0501, Error, "mismatched types", "function f() -> float\n\tlet i: int = 1\n\treturn i\nend";
    /// Operand types a binary operator does not take.
    E0502, Error, "invalid operands for a binary operator", "function f(a: vec3, b: vec2) -> vec3\n\treturn a + b\nend";
    /// An operand type a unary operator does not take.
    E0503, Error, "invalid operand for a unary operator", "function f(a: uint) -> uint\n\treturn -a\nend";
    /// An ordering comparison of vectors.
    E0504, Error, "ordering comparison of vectors", "function f(a: vec3, b: vec3) -> bool\n\treturn a < b\nend";
    /// A malformed swizzle.
    E0505, Error, "invalid swizzle", "function f(v: vec2) -> vec3\n\treturn v.xyz\nend";
    /// Member access on a type without members.
    E0506, Error, "the type has no members", "function f(x: float) -> float\n\treturn x.y\nend";
    /// Indexing a type that cannot be indexed.
    E0507, Error, "the type cannot be indexed", "function f(x: float) -> float\n\treturn x[0]\nend";
    /// A constant index past the end.
    E0508, Error, "index out of bounds", "function f(v: vec3) -> float\n\treturn v[3]\nend";
    /// A call with the wrong number of arguments.
    E0509, Error, "wrong number of arguments", "function f() -> float\n\treturn pow(2.0)\nend";
    /// Builtin arguments that match no overload.
    E0510, Error, "no matching builtin overload", "function f(i: ivec3) -> ivec3\n\treturn normalize(i)\nend";
    /// Constructor arguments that build nothing.
    E0511, Error, "invalid constructor arguments", "function f() -> vec4\n\treturn vec4(1.0, 2.0)\nend";
    /// A struct literal that leaves members out.
    E0512, Error, "missing struct members", "struct S\n\tx: float\n\ty: float\nend\nconst s: S = S { x = 1.0 }";
    /// A struct literal that sets a member twice.
    E0513, Error, "struct member set twice", "struct S\n\tx: float\nend\nconst s: S = S { x = 1.0, x = 2.0 }";
    /// An anonymous literal without a type from context.
    E0514, Error, "cannot infer the type of an anonymous literal", "function f()\n\tlet s = { x = 1.0 }\nend";
    /// An array literal with the wrong element count.
    E0515, Error, "wrong number of array elements", "const A: [3]float = { 1.0, 2.0 }";
    /// A constant that does not fit the type it gets.
    E0516, Error, "constant out of range for its type", "const X: uint = -1";
    /// A float literal where an integer is required.
    E0517, Error, "float literal where an integer is required", "const X: int = 1.5";
    /// A value whose type cannot exist as a value (atomics, runtime arrays, resources).
    E0518, Error, "this cannot be used as a value", "buffer b: []float\nfunction f()\n\tlet copy = b\nend";
    /// A type that is not allowed in this position.
    E0519, Error, "type not allowed here", "function f(t: texture2D)\nend";
    /// A call of something that returns nothing, used as a value.
    E0520, Error, "the call returns nothing", "function g()\nend\nfunction f()\n\tlet x = g()\nend";
    /// A condition that is not a `bool`.
    E0521, Error, "condition is not a `bool`", "function f(x: int)\n\tif x then\n\tend\nend";
    /// A texture builtin used with textures or samplers it does not take.
    E0522, Error, "invalid texture or sampler argument", "uniform t: itexture2D\nuniform s: sampler\n@entry(fragment)\nfunction f(uv: vec2) -> (c: ivec4)\n\treturn { c = sample(t, s, uv) }\nend";
    /// An atomic builtin whose first argument is not an atomic in shared or buffer memory.
    E0523, Error, "invalid atomic operand", "function f(x: uint) -> uint\n\treturn atomic_add(x, 1u)\nend";
    /// An array size that is not a positive constant integer.
    E0524, Error, "invalid array size", "const A: [0]float = {}";
    /// A runtime-sized array where one is not allowed.
    E0525, Error, "runtime-sized array not allowed here", "uniform u: []float";
    /// `#` on something that is not an array.
    E0526, Error, "`#` needs an array", "function f(v: vec3) -> int\n\treturn #v\nend";

    /// An assignment to something that is not a place.
    E0601, Error, "cannot assign to this expression", "function f(v: vec4)\n\tv.xyz.xy = vec2(1.0)\nend";
    /// An assignment to something read-only.
    E0602, Error, "cannot assign to a read-only value", "uniform u: vec4\n@entry(fragment)\nfunction f()\n\tu = vec4(1.0)\nend";
    /// `break` outside a loop.
    E0603, Error, "`break` outside a loop", "function f()\n\tbreak\nend";
    /// A `return` that does not match the function's result.
    E0604, Error, "invalid return", "function f() -> float\n\treturn\nend";
    /// A function with a result that can reach its end.
    E0605, Error, "missing return", "function f(x: float) -> float\n\tif x > 0.0 then\n\t\treturn x\n\tend\nend";
    /// `discard` reachable from a non-fragment entry point.
    E0606, Error, "`discard` outside the fragment stage", "@entry(compute) @workgroup_size(1)\nfunction main()\n\tdiscard\nend";
    /// Implicit-LOD sampling or derivatives outside the fragment stage.
    E0607, Error, "implicit derivatives outside the fragment stage", "uniform t: sampler2D\n@entry(vertex)\nfunction main() -> (@builtin(position) p: vec4)\n\treturn { p = sample(t, vec2(0.0)) }\nend";
    /// A barrier reachable from a non-compute entry point.
    E0608, Error, "barrier outside the compute stage", "@entry(fragment)\nfunction main()\n\tworkgroup_barrier()\nend";
    /// A barrier in control flow that may differ between invocations.
    E0609, Error, "barrier in non-uniform control flow", "@entry(compute) @workgroup_size(64)\nfunction main(@builtin(local_invocation_index) i: uint)\n\tif i > 0 then\n\t\tworkgroup_barrier()\n\tend\nend";
    /// A function that calls itself, directly or through others.
    E0610, Error, "recursion", "function f(x: int) -> int\n\treturn f(x - 1)\nend";
    /// An `@entry` stage Luma does not know.
    E0611, Error, "unknown shader stage", "@entry(pixel)\nfunction main()\nend";
    /// A missing or invalid `@workgroup_size`.
    E0612, Error, "invalid workgroup size", "@entry(compute)\nfunction main()\nend";
    /// Entry point parameters or results of a shape Luma cannot pass.
    E0613, Error, "invalid entry point signature", "@entry(fragment)\nfunction main() -> vec4\n\treturn vec4(1.0)\nend";
    /// A `@builtin` name Luma does not know.
    E0614, Error, "unknown builtin I/O name", "@entry(vertex)\nfunction main(@builtin(vertex_idx) i: uint) -> (@builtin(position) p: vec4)\n\treturn { p = vec4(0.0) }\nend";
    /// A builtin I/O value used in a stage or direction it does not exist in.
    E0615, Error, "builtin not available here", "@entry(fragment)\nfunction main(@builtin(vertex_index) i: uint)\nend";
    /// A builtin I/O value declared with the wrong type.
    E0616, Error, "builtin has the wrong type", "@entry(vertex)\nfunction main(@builtin(vertex_index) i: int) -> (@builtin(position) p: vec4)\n\treturn { p = vec4(0.0) }\nend";
    /// Two I/O values at one location.
    E0617, Error, "duplicate location", "@entry(fragment)\nfunction main(@location(0) a: vec4, @location(0) b: vec4)\nend";
    /// A vertex entry point that writes no position.
    E0618, Error, "vertex output without `position`", "@entry(vertex)\nfunction main() -> (uv: vec2)\n\treturn { uv = vec2(0.0) }\nend";
    /// An I/O value of a type that cannot pass between stages.
    E0619, Error, "invalid I/O type", "@entry(fragment)\nfunction main(m: mat4)\nend";
    /// An invalid `@interpolation`.
    E0620, Error, "invalid interpolation", "@entry(fragment)\nfunction main(@interpolation(smooth) i: int)\nend";
    /// Two resources at one group and binding.
    E0621, Error, "binding used twice", "@binding(0) uniform a: vec4\n@binding(0) uniform b: vec4";
    /// More than one push constant block.
    E0622, Error, "more than one push constant block", "@push_constant uniform a: vec4\n@push_constant uniform b: vec4";
    /// A global whose type its kind cannot hold.
    E0623, Error, "invalid type for this kind of global", "struct S\n\tflag: bool\nend\nuniform u: S";
    /// Workgroup memory used outside the compute stage.
    E0624, Error, "workgroup memory outside the compute stage", "shared counter: uint\n@entry(fragment)\nfunction main()\n\tcounter = 1u\nend";
    /// A texture or sampler inside a struct.
    E0625, Error, "resource inside a struct", "struct S\n\tt: texture2D\nend";
    /// Entry-point-only syntax on an ordinary function.
    E0626, Error, "entry point syntax on an ordinary function", "function f() -> (x: float)\n\treturn { x = 1.0 }\nend";
    /// One builtin I/O value declared twice.
    E0627, Error, "duplicate builtin", "@entry(fragment)\nfunction main(@builtin(position) a: vec4, @builtin(frag_coord) b: vec4)\nend";
    /// An atomic or `shared`-only type in the wrong place.
    E0628, Error, "atomic outside read-write buffer or workgroup memory", "uniform u: atomic_uint";
    /// A storage image declared without `@format`.
    E0629, Error, "storage image without a format", "uniform out_img: image2D";
    /// A `@format` Luma does not know.
    E0630, Error, "unknown storage image format", "@format(rgba8unorm) uniform out_img: image2D";
    /// A `@format` whose texel kind is not the image type's.
    E0631, Error, "format does not match the image type", "@format(rgba8) uniform counts: uimage2D";
    /// An `image_load` of a storage image declared `@access(write)`.
    E0632, Error, "load from a write-only image", "@format(rgba8) @access(write) uniform img: image2D\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tlet c = image_load(img, ivec2(0))\nend";
    /// An `image_store` reachable from a vertex entry point.
    E0633, Error, "storage image write in a vertex shader", "@format(rgba8) uniform img: image2D\n@entry(vertex)\nfunction main() -> (@builtin(position) p: vec4)\n\timage_store(img, ivec2(0), vec4(1.0))\n\treturn { p = vec4(0.0) }\nend";
    /// A combined sampler at the last binding number, leaving none for its sampler.
    E0634, Error, "no binding number left (past 4294967295)", "@binding(4294967295) uniform albedo: sampler2D";
    /// A user location past the last one every target accepts for that stage and direction.
    E0635, Error, "location out of range", "@entry(fragment)\nfunction main() -> (@location(8) color: vec4)\n\treturn { color = vec4(1.0) }\nend";

    /// A value that must be known at compile time but is not.
    E0701, Error, "not a constant expression", "uniform u: vec4\nconst X: float = u.x";
    /// An integer division by zero in a constant expression.
    E0702, Error, "division by zero in a constant expression", "const X: int = 1 / 0";
    /// A constant expression that overflows or is not finite.
    E0703, Error, "overflow in a constant expression", "const M: int = -2147483648\nconst X: int = M / -1";
    /// A constant expression that takes too many evaluation steps.
    E0704, Error, "constant evaluation limit reached", "-- with `max_const_eval_steps = 10`\nconst T: [4]vec4 = { vec4(1.0), vec4(2.0), vec4(3.0), vec4(4.0) }";
    /// An array with more elements than the limit.
    E0705, Error, "array too large", "buffer b: [16777217]float";
    /// Nesting deeper than the limit.
    E0706, Error, "nesting too deep", "-- with `nesting_depth = 2`\nstruct A\n\tx: float\nend\nstruct B\n\ta: A\nend\nstruct C\n\tb: B\nend";
    /// A `for` loop with a constant step of zero.
    E0707, Error, "`for` step is zero", "function f()\n\tfor i = 0, 10, 0 do\n\tend\nend";
    /// An invalid specialization constant.
    E0708, Error, "invalid specialization constant", "@spec(0) const A: vec3 = vec3(1.0)";
    /// An `@unroll` that would produce too many iterations.
    E0709, Error, "unroll limit exceeded", "function f()\n\t@unroll\n\tfor i = 0, 10000 do\n\tend\nend";
    /// A function with more parameters than SPIR-V and WGSL allow.
    E0710, Error, "more than 255 parameters", "function f(a0: int, a1: int, a2: int, a3: int, a4: int, a5: int, a6: int, a7: int, a8: int, a9: int, a10: int, a11: int, a12: int, a13: int, a14: int, a15: int, a16: int, a17: int, a18: int, a19: int, a20: int, a21: int, a22: int, a23: int, a24: int, a25: int, a26: int, a27: int, a28: int, a29: int, a30: int, a31: int, a32: int, a33: int, a34: int, a35: int, a36: int, a37: int, a38: int, a39: int, a40: int, a41: int, a42: int, a43: int, a44: int, a45: int, a46: int, a47: int, a48: int, a49: int, a50: int, a51: int, a52: int, a53: int, a54: int, a55: int, a56: int, a57: int, a58: int, a59: int, a60: int, a61: int, a62: int, a63: int, a64: int, a65: int, a66: int, a67: int, a68: int, a69: int, a70: int, a71: int, a72: int, a73: int, a74: int, a75: int, a76: int, a77: int, a78: int, a79: int, a80: int, a81: int, a82: int, a83: int, a84: int, a85: int, a86: int, a87: int, a88: int, a89: int, a90: int, a91: int, a92: int, a93: int, a94: int, a95: int, a96: int, a97: int, a98: int, a99: int, a100: int, a101: int, a102: int, a103: int, a104: int, a105: int, a106: int, a107: int, a108: int, a109: int, a110: int, a111: int, a112: int, a113: int, a114: int, a115: int, a116: int, a117: int, a118: int, a119: int, a120: int, a121: int, a122: int, a123: int, a124: int, a125: int, a126: int, a127: int, a128: int, a129: int, a130: int, a131: int, a132: int, a133: int, a134: int, a135: int, a136: int, a137: int, a138: int, a139: int, a140: int, a141: int, a142: int, a143: int, a144: int, a145: int, a146: int, a147: int, a148: int, a149: int, a150: int, a151: int, a152: int, a153: int, a154: int, a155: int, a156: int, a157: int, a158: int, a159: int, a160: int, a161: int, a162: int, a163: int, a164: int, a165: int, a166: int, a167: int, a168: int, a169: int, a170: int, a171: int, a172: int, a173: int, a174: int, a175: int, a176: int, a177: int, a178: int, a179: int, a180: int, a181: int, a182: int, a183: int, a184: int, a185: int, a186: int, a187: int, a188: int, a189: int, a190: int, a191: int, a192: int, a193: int, a194: int, a195: int, a196: int, a197: int, a198: int, a199: int, a200: int, a201: int, a202: int, a203: int, a204: int, a205: int, a206: int, a207: int, a208: int, a209: int, a210: int, a211: int, a212: int, a213: int, a214: int, a215: int, a216: int, a217: int, a218: int, a219: int, a220: int, a221: int, a222: int, a223: int, a224: int, a225: int, a226: int, a227: int, a228: int, a229: int, a230: int, a231: int, a232: int, a233: int, a234: int, a235: int, a236: int, a237: int, a238: int, a239: int, a240: int, a241: int, a242: int, a243: int, a244: int, a245: int, a246: int, a247: int, a248: int, a249: int, a250: int, a251: int, a252: int, a253: int, a254: int, a255: int)\nend";

    /// An array fill constructor `[N]T(value)` with more elements than the limit.
    E0711, Error, "array fill constructor too large", "function f()\n\tlet a = [5000]float(0.0)\nend";

    /// A loop without a known iteration bound.
    W0201, Warning, "loop without a bound", "function f(n: int)\n\tfor i = 0, n do\n\tend\nend";
    /// Implicit-LOD sampling or derivatives in control flow that may differ between invocations.
    W0202, Warning, "derivatives in non-uniform control flow", "uniform t: sampler2D\n@entry(fragment)\nfunction main(uv: vec2) -> (c: vec4)\n\tlet c = vec4(0.0)\n\tif uv.x > 0.5 then\n\t\tc = sample(t, uv)\n\tend\n\treturn { c = c }\nend";
    /// Statements that can never run.
    W0203, Warning, "unreachable code", "function f() -> float\n\treturn 1.0\n\tlet x = 2.0\nend";
    /// A counting `for` whose bound is the length of an array it indexes with the counter.
    W0204, Warning, "`for` loop one past the end of an array", "function f(a: [4]float) -> float\n\tlet sum = 0.0\n\tfor i = 0, #a do\n\t\tsum += a[i]\n\tend\n\treturn sum\nend";
    /// A fragment shader reads a `@builtin` member of its `@varying` input that the fragment
    /// stage does not have, which is stripped.
    W0205, Warning, "stripped builtin of a `@varying` input read", "@varying\nstruct V\n\tuv: vec2\n\t@builtin(instance_index) inst: uint\nend\n@entry(fragment)\nfunction fs(v: V) -> (c: vec4)\n\treturn { c = vec4(v.uv, float(v.inst), 1.0) }\nend";
    // W0206 (a possibly non-uniform index into an array of resources) is retired: the back
    // ends mark such indices non-uniform now, which makes the access defined. Not reused, so
    // that an old code names one thing.
    /// An `@early_depth` fragment shader writes `frag_depth`: the tests ran before it, so the
    /// written depth does not reach them on Vulkan, and other targets differ.
    W0207, Warning, "`frag_depth` written by an `@early_depth` fragment shader", "@entry(fragment)\n@early_depth\nfunction fs(uv: vec2) -> (color: vec4, @builtin(frag_depth) depth: float)\n\treturn { color = vec4(uv, 0.0, 1.0), depth = uv.x }\nend";
    /// A fragment input that the module's only vertex shader does not write, or writes with
    /// another type or interpolation.
    W0208, Warning, "fragment input unlike the vertex output at its location", "@entry(vertex)\nfunction vs(p: vec3) -> (@builtin(position) clip: vec4, normal: vec3)\n\treturn { clip = vec4(p, 1.0), normal = p }\nend\n@entry(fragment)\nfunction fs(normal: vec4) -> (color: vec4)\n\treturn { color = normal }\nend";
    /// A statement that calls a builtin which only computes a value: the value is dropped.
    W0209, Warning, "builtin result unused", "function f(x: float) -> float\n\tmax(x, 1.0)\n\treturn x\nend";
    /// A counting `for` up to `n - c` with a `uint` counter: for `n < c` the bound wraps.
    W0210, Warning, "`uint` loop bound that wraps", "function f(n: uint) -> uint\n\tlet s = 0u\n\t@max_iterations(64)\n\tfor i = 0u, n - 1u do\n\t\ts += i\n\tend\n\treturn s\nend";
    /// An entry point input or output named exactly like a builtin of its stage and
    /// direction, with the builtin's type but no `@builtin(...)`: it is a location instead.
    W0211, Warning, "input or output named like a builtin without `@builtin`", "@entry(vertex)\nfunction vs(vertex_index: uint) -> (@builtin(position) clip: vec4)\n\treturn { clip = vec4(float(vertex_index)) }\nend";
}
