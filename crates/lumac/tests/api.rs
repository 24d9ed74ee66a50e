//! The library API as a host uses it: entry point selection, where back-end errors point,
//! diagnostics without a location, what each output reports about its entry points, and the
//! staged API agreeing with `compile`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use lumac::{
    compile, emit, CompileResult, Diagnostics, MemoryReader, Options, ShaderStage, Target,
    NO_LOCATION,
};

const TWO_STAGES: &str = "\
struct Tint
\tcolor: vec4
end
uniform tint: Tint

@entry(vertex)
function main_vs(@builtin(vertex_index) i: uint) -> (@builtin(position) clip: vec4, uv: vec2)
\tlet uv = vec2(float(i & 1u), float(i >> 1))
\treturn { clip = vec4(uv, 0.0, 1.0), uv = uv }
end

@entry(fragment)
function main(uv: vec2) -> (color: vec4)
\treturn { color = tint.color * vec4(uv, 1.0, 1.0) }
end
";

fn build(source: &str, options: &Options, targets: &[Target]) -> CompileResult {
    compile(
        "shader.luma",
        source,
        &MemoryReader::default(),
        options,
        targets,
    )
}

#[test]
fn selecting_one_entry_point_drops_the_others_on_every_target() {
    for options in [
        Options {
            entry_point: Some("main".into()),
            ..Options::default()
        },
        Options {
            stage: Some(ShaderStage::Fragment),
            ..Options::default()
        },
    ] {
        for opt in [lumac::OptLevel::None, lumac::OptLevel::Aggressive] {
            let options = Options {
                opt_level: opt,
                ..options.clone()
            };
            let result = build(TWO_STAGES, &options, &Target::ALL);
            assert!(result.success(), "{}", result.render(false));
            let module = result.module.as_ref().unwrap();
            assert_eq!(module.entry_points.len(), 1);
            assert!(lumac::verify(module).is_ok());
            for output in &result.outputs {
                let names: Vec<&str> = output
                    .entry_points
                    .iter()
                    .map(|e| e.name.as_str())
                    .collect();
                assert_eq!(names, ["main"], "{:?}", output.target);
            }
            let wgsl = result.output(Target::Wgsl).unwrap().data.as_text().unwrap();
            assert!(!wgsl.contains("main_vs"), "{wgsl}");
        }
    }
}

#[test]
fn outputs_name_their_entry_points_per_target() {
    let result = build(TWO_STAGES, &Options::default(), &Target::ALL);
    assert!(result.success(), "{}", result.render(false));
    let names = |target: Target| -> Vec<(String, Option<String>, Option<String>)> {
        result
            .outputs
            .iter()
            .filter(|o| o.target == target)
            .flat_map(|o| o.entry_points.clone())
            .map(|e| (e.name, e.target_name, e.profile))
            .collect()
    };
    let s = |x: &str| Some(x.to_string());
    assert_eq!(
        names(Target::Spirv),
        [
            ("main_vs".into(), s("main_vs"), None),
            ("main".into(), s("main"), None)
        ]
    );
    assert_eq!(
        names(Target::Glsl),
        [
            ("main_vs".into(), s("main"), None),
            ("main".into(), s("main"), None)
        ]
    );
    let hlsl = names(Target::Hlsl);
    assert_eq!(hlsl[0], ("main_vs".into(), s("main_vs"), s("vs_6_0")));
    assert_eq!(hlsl[1].2, s("ps_6_0"));
    let hlsl_source = result.output(Target::Hlsl).unwrap().data.as_text().unwrap();
    let fs_name = hlsl[1].1.clone().unwrap();
    assert!(
        hlsl_source.contains(&format!(" {fs_name}(")),
        "{hlsl_source}"
    );
    // `main` is reserved in MSL: the function is renamed, and the output says to what.
    let msl = names(Target::Msl);
    let msl_fs = msl[1].1.clone().unwrap();
    assert_ne!(msl_fs, "main");
    let msl_source = result.output(Target::Msl).unwrap().data.as_text().unwrap();
    assert!(msl_source.contains(&format!(" {msl_fs}(")), "{msl_source}");
    // WGSL does not reserve `main`: both keep their names, and the output says so.
    assert_eq!(
        names(Target::Wgsl),
        [
            ("main_vs".into(), s("main_vs"), None),
            ("main".into(), s("main"), None)
        ]
    );
}

#[test]
fn backend_errors_point_at_the_failing_entry_point() {
    let source = "\
@entry(compute) @workgroup_size(1)
function fine()
end

@entry(geometry)
function broken()
end
";
    let result = build(source, &Options::default(), &[Target::Wgsl]);
    assert!(!result.success());
    assert!(result.outputs.is_empty());
    let d = &result.diagnostics[0];
    assert_eq!(d.code.as_str(), "E0950");
    assert_eq!(d.primary.span.lo as usize, source.find("broken").unwrap());
    assert_eq!(d.primary.message, "entry point `broken`");
    // Without the parsed source there is nothing to point at.
    let options = Options::default();
    let mut diags = Diagnostics::new(100);
    let parsed = lumac::parse(
        "s.luma",
        source,
        &MemoryReader::default(),
        &options,
        &mut diags,
    );
    let program = lumac::check(&parsed, &options, &mut diags).unwrap();
    let module = lumac::lower(&program, &parsed, &options, &mut diags).unwrap();
    let error = emit(&module, Target::Wgsl, &options).unwrap_err();
    assert_eq!(error.entry_points, ["broken"]);
    assert_eq!(error.to_diagnostic(None).primary.span, NO_LOCATION);
    assert_eq!(
        error.to_diagnostic(Some(&parsed)).primary.span,
        d.primary.span
    );
    assert!(error.to_string().starts_with("E0950 (wgsl): "));
}

#[test]
fn wgsl_warns_about_a_vertex_shader_writing_storage_and_still_writes_it() {
    let source = "\
buffer counts: []uint

@entry(vertex)
function draw(@builtin(vertex_index) i: uint) -> (@builtin(position) clip: vec4)
\tcounts[i] = 1u
\treturn { clip = vec4(0.0) }
end
";
    let result = build(source, &Options::default(), &[Target::Spirv, Target::Wgsl]);
    assert!(result.success(), "{:?}", result.diagnostics);
    assert_eq!(result.outputs.len(), 2);
    assert_eq!(result.warning_count, 1, "{:?}", result.diagnostics);
    let d = &result.diagnostics[0];
    assert_eq!(d.code.as_str(), "W0950");
    assert_eq!(d.primary.span.lo as usize, source.find("draw").unwrap());
    assert_eq!(
        d.message,
        "wgsl: vertex shader `draw` writes storage buffer `counts`, which WebGPU does not allow"
    );
    // The buffer's declaration is labelled too.
    assert_eq!(d.secondary.len(), 1, "{:?}", d.secondary);
    assert_eq!(
        d.secondary[0].span.lo as usize,
        source.find("counts").unwrap()
    );
    assert_eq!(d.secondary[0].message, "`counts` is declared here");
    // Only WGSL warns: Vulkan takes the SPIR-V with `vertexPipelineStoresAndAtomics`.
    let spirv_only = build(source, &Options::default(), &[Target::Spirv]);
    assert!(
        spirv_only.diagnostics.is_empty(),
        "{:?}",
        spirv_only.diagnostics
    );
}

#[test]
fn a_backend_error_blames_the_resource_and_only_the_entry_points_that_fail_alone() {
    // `upsample` loads and stores an rgba16f image, which WGSL cannot declare read_write;
    // `downsample` only stores it and compiles alone (`--entry downsample`), so it must not be
    // blamed, although the image is read_write for the whole source. The error points at the
    // image's declaration, with the failing entry point as a secondary label.
    let source = "\
@format(rgba16f) uniform dst: image2D

@entry(compute) @workgroup_size(8, 8)
function downsample(@builtin(global_invocation_id) gid: uvec3)
\timage_store(dst, ivec2(gid.xy), vec4(1.0))
end

@entry(compute) @workgroup_size(8, 8)
function upsample(@builtin(global_invocation_id) gid: uvec3)
\tlet p = ivec2(gid.xy)
\timage_store(dst, p, image_load(dst, p) * 2.0)
end
";
    let result = build(source, &Options::default(), &[Target::Wgsl]);
    assert!(!result.success());
    let d = &result.diagnostics[0];
    assert_eq!(d.code.as_str(), "E0954");
    assert!(d.message.starts_with("wgsl: `dst`: "), "{}", d.message);
    assert_eq!(d.primary.span.lo as usize, source.find("dst").unwrap());
    assert_eq!(d.primary.message, "`dst` is declared here");
    assert_eq!(d.secondary.len(), 1, "{:?}", d.secondary);
    assert_eq!(
        d.secondary[0].span.lo as usize,
        source.find("upsample").unwrap()
    );
    assert_eq!(d.secondary[0].message, "used by entry point `upsample`");
    let alone = Options {
        entry_point: Some("downsample".into()),
        ..Options::default()
    };
    assert!(build(source, &alone, &[Target::Wgsl]).success());
}

/// A compute entry fills the buffers a vertex entry reads; `kept` is stated read-write.
const FILL_AND_DRAW: &str = "\
buffer points: []vec4
@access(read_write) buffer kept: []vec4

@entry(compute) @workgroup_size(64)
function fill(@builtin(global_invocation_id) id: uvec3)
\tpoints[id.x] = vec4(float(id.x))
\tkept[id.x] = points[id.x]
end

@entry(vertex)
function draw(@builtin(vertex_index) i: uint) -> (@builtin(position) clip: vec4)
\treturn { clip = points[i] + kept[i] }
end
";

#[test]
fn a_buffer_only_dropped_entry_points_write_is_read_only_in_the_selection() {
    let access = |result: &CompileResult, name: &str| {
        let module = result.module.as_ref().unwrap();
        let (_, global) = module.globals.iter().find(|(_, g)| g.name == name).unwrap();
        global.space
    };
    let read = luma_ir::AddressSpace::Storage {
        access: luma_ir::StorageAccess::Read,
    };
    let read_write = luma_ir::AddressSpace::Storage {
        access: luma_ir::StorageAccess::ReadWrite,
    };
    // Both entry points: the compute shader writes `points`.
    let both = build(FILL_AND_DRAW, &Options::default(), &Target::ALL);
    assert!(both.success(), "{}", both.render(false));
    assert_eq!(access(&both, "points"), read_write);
    for opt in [lumac::OptLevel::None, lumac::OptLevel::Aggressive] {
        let options = Options {
            stage: Some(ShaderStage::Vertex),
            opt_level: opt,
            ..Options::default()
        };
        let vertex = build(FILL_AND_DRAW, &options, &Target::ALL);
        assert!(vertex.success(), "{}", vertex.render(false));
        assert!(lumac::verify(vertex.module.as_ref().unwrap()).is_ok());
        assert_eq!(access(&vertex, "points"), read);
        // An explicit `@access` is kept.
        assert_eq!(access(&vertex, "kept"), read_write);
        let text = |t: Target| {
            vertex
                .output(t)
                .unwrap()
                .data
                .as_text()
                .unwrap()
                .to_string()
        };
        assert!(
            text(Target::Glsl).contains("readonly buffer points"),
            "{}",
            text(Target::Glsl)
        );
        assert!(
            text(Target::Hlsl).contains("ByteAddressBuffer points"),
            "{}",
            text(Target::Hlsl)
        );
        assert!(!text(Target::Hlsl).contains("RWByteAddressBuffer points"));
        assert!(
            text(Target::Wgsl).contains("var<storage, read> points"),
            "{}",
            text(Target::Wgsl)
        );
    }
    // The compute shader alone still writes it.
    let options = Options {
        entry_point: Some("fill".into()),
        ..Options::default()
    };
    let compute = build(FILL_AND_DRAW, &options, &[Target::Spirv]);
    assert_eq!(access(&compute, "points"), read_write);
}

/// A compute entry fills an `rgba16f` image a fragment entry reads; `kept` is stated
/// read-write.
const FILL_AND_SHOW: &str = "\
@format(rgba16f) uniform hdr: image2D
@format(rgba16f) @access(read_write) uniform kept: image2D

@entry(compute) @workgroup_size(8, 8)
function fill(@builtin(global_invocation_id) id: uvec3)
\timage_store(hdr, ivec2(id.xy), vec4(1.0))
\timage_store(kept, ivec2(id.xy), vec4(1.0))
end

@entry(fragment)
function show(@builtin(position) p: vec4) -> (color: vec4)
\treturn { color = image_load(hdr, ivec2(p.xy)) + image_load(kept, ivec2(p.xy)) }
end
";

#[test]
fn an_image_the_selection_only_loads_or_only_stores_gets_that_access() {
    let access = |result: &CompileResult, name: &str| {
        let module = result.module.as_ref().unwrap();
        let (_, global) = module.globals.iter().find(|(_, g)| g.name == name).unwrap();
        match &module.types.get(global.ty).unwrap().inner {
            luma_ir::TypeInner::Image {
                class: luma_ir::ImageClass::Storage { access, .. },
                ..
            } => *access,
            other => panic!("{name} is {other:?}"),
        }
    };
    use luma_ir::ImageAccess::{Read, ReadWrite, Write};
    // Both entry points: every target but WGSL would need `read_write` for `hdr` in one
    // shader; each entry point declares the access it needs.
    let both = build(FILL_AND_SHOW, &Options::default(), &Target::ALL);
    assert!(both.success(), "{}", both.render(false));
    assert_eq!(access(&both, "hdr"), ReadWrite);
    let wgsl = both.output(Target::Wgsl).unwrap().data.as_text().unwrap();
    assert!(
        wgsl.contains("texture_storage_2d<rgba16float, read>"),
        "{wgsl}"
    );
    assert!(
        wgsl.contains("texture_storage_2d<rgba16float, write>"),
        "{wgsl}"
    );
    for (entry, want) in [("show", Read), ("fill", Write)] {
        for opt in [lumac::OptLevel::None, lumac::OptLevel::Aggressive] {
            let options = Options {
                entry_point: Some(entry.into()),
                opt_level: opt,
                ..Options::default()
            };
            let one = build(FILL_AND_SHOW, &options, &Target::ALL);
            assert!(one.success(), "{entry}: {}", one.render(false));
            assert!(lumac::verify(one.module.as_ref().unwrap()).is_ok());
            assert_eq!(access(&one, "hdr"), want, "{entry}");
            // An explicit `@access` is kept.
            assert_eq!(access(&one, "kept"), ReadWrite, "{entry}");
        }
    }
}

/// The `OpDecorate <id> NonWritable` instructions of a SPIR-V binary.
fn non_writable_decorations(words: &[u32]) -> usize {
    const OP_DECORATE: u32 = 71;
    const NON_WRITABLE: u32 = 24;
    let mut count = 0;
    let mut i = 5;
    while let Some(&first) = words.get(i) {
        let (len, op) = ((first >> 16) as usize, first & 0xffff);
        if op == OP_DECORATE && len == 3 && words.get(i + 2) == Some(&NON_WRITABLE) {
            count += 1;
        }
        i += len.max(1);
    }
    count
}

#[test]
fn graphics_entry_points_read_a_buffer_a_compute_entry_writes_through_a_read_only_twin() {
    let result = build(FILL_AND_DRAW, &Options::default(), &Target::ALL);
    assert!(result.success(), "{}", result.render(false));
    let spirv = result.output(Target::Spirv).unwrap().data.as_bytes();
    let words: Vec<u32> = spirv
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    // `points` and `kept` each get a twin for `draw`; the compute shader keeps the buffers.
    assert_eq!(non_writable_decorations(&words), 2);
    let glsl: Vec<(String, String)> = result
        .outputs
        .iter()
        .filter(|o| o.target == Target::Glsl)
        .map(|o| {
            (
                o.entry_points[0].name.clone(),
                o.data.as_text().unwrap().to_string(),
            )
        })
        .collect();
    for (entry, text) in &glsl {
        let read_only = text.contains("readonly buffer points");
        assert_eq!(read_only, entry == "draw", "{entry}:\n{text}");
    }
    // Reflection of the binary reports each buffer once, writable, for both stages.
    let reflection = lumac::reflection::SpirvReflection::from_words(&words).unwrap();
    let bindings = &reflection.descriptor_sets[0].bindings;
    assert_eq!(bindings.len(), 2);
    for b in bindings {
        assert_eq!(b.access, Some(lumac::reflection::Access::ReadWrite));
        assert_eq!(b.stages, ["vertex", "compute"]);
    }
}

#[test]
fn a_buffer_holding_atomics_is_read_write_even_where_only_read() {
    // WGSL keeps atomics only in `read_write` storage: reflection and every target say so, so
    // a WebGPU bind-group layout built from the reflection matches the shader.
    let source = "\
struct Counter
\tn: atomic_uint
\tscale: float
end
buffer counter: Counter
buffer out: []float
@entry(compute) @workgroup_size(1)
function main()
\tout[0] = counter.scale * float(atomic_load(counter.n))
end
";
    let reflection = lumac::reflect(
        "c.luma",
        source,
        &MemoryReader::default(),
        &Options::default(),
    )
    .unwrap();
    let counter = reflection
        .bindings
        .iter()
        .find(|b| b.name == "counter")
        .unwrap();
    assert_eq!(counter.access, Some(lumac::reflection::Access::ReadWrite));
    assert_eq!(counter.hlsl.register, "u0");
    let result = build(source, &Options::default(), &[Target::Wgsl]);
    let wgsl = result.outputs[0].data.as_text().unwrap();
    assert!(
        wgsl.contains("var<storage, read_write> counter: Counter;"),
        "{wgsl}"
    );
}

#[test]
fn a_buffer_holding_atomics_stays_read_write_in_a_selection_that_does_not_use_it() {
    // `--entry draw` keeps no user of `counter`; the selection's access inference made it
    // read-only, so reflection reported `read` for a buffer WGSL can only bind read-write
    // (and that the full module's reflection reports read-write).
    let source = "\
buffer counter: atomic_uint
buffer points: []vec4
@entry(compute) @workgroup_size(64)
function fill(@builtin(global_invocation_id) id: uvec3)
\tpoints[id.x] = vec4(float(atomic_add(counter, 1u)))
end
@entry(vertex)
function draw(@builtin(vertex_index) i: uint) -> (@builtin(position) clip: vec4)
\treturn { clip = points[i] }
end
";
    let access = |options: &Options, name: &str| {
        let reflection =
            lumac::reflect("c.luma", source, &MemoryReader::default(), options).unwrap();
        reflection
            .bindings
            .iter()
            .find(|b| b.name == name)
            .unwrap()
            .access
    };
    use lumac::reflection::Access::{Read, ReadWrite};
    let draw = Options {
        entry_point: Some("draw".into()),
        ..Options::default()
    };
    assert_eq!(access(&Options::default(), "counter"), Some(ReadWrite));
    assert_eq!(access(&draw, "counter"), Some(ReadWrite));
    // A buffer without atomics still follows the selection.
    assert_eq!(access(&draw, "points"), Some(Read));
    let result = build(source, &draw, &Target::ALL);
    assert!(result.success(), "{}", result.render(false));
}

#[test]
fn option_problems_have_no_source_location() {
    let options = Options {
        entry_point: Some("missing".into()),
        ..Options::default()
    };
    let result = build(TWO_STAGES, &options, &[Target::Spirv]);
    let d = &result.diagnostics[0];
    assert_eq!(d.code.as_str(), "E0002");
    assert_eq!(d.primary.span, NO_LOCATION);
    assert_eq!(
        d.notes,
        ["entry points in this source: `main_vs` (vertex), `main` (fragment)"]
    );
    assert!(!result.render(false).contains("-->"));
    assert!(result.render_json().contains("\"line\":null"));

    let mut options = Options::default();
    options
        .spec_values
        .insert(4, lumac::parse_spec_assignment("4=1").unwrap().1);
    let result = build(TWO_STAGES, &options, &[Target::Spirv]);
    assert_eq!(result.diagnostics[0].code.as_str(), "E0003");
    assert_eq!(result.diagnostics[0].primary.span, NO_LOCATION);

    // A version a back end does not write is the options' fault: no entry point is blamed
    // (the CLI checks the ranges first; a library host can pass anything).
    let options = Options {
        spirv_version: (2, 0),
        hlsl_shader_model: Some((5, 1)),
        msl_version: (3, 0),
        ..Options::default()
    };
    let result = build(TWO_STAGES, &options, &Target::ALL);
    let codes: Vec<&str> = result.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["E0910", "E0920", "E0940"]);
    for d in &result.diagnostics {
        assert_eq!(d.primary.span, NO_LOCATION, "{}", d.message);
        assert!(d.secondary.is_empty(), "{}", d.message);
    }
    assert!(!result.render(false).contains("entry point"));
    // The other targets still compile with these options.
    assert!(result.diagnostics[0].notes[0].contains("GLSL and WGSL compiled this module"));
}

#[test]
fn resources_hlsl_cannot_number_fail_reflection_with_the_hlsl_error() {
    let source = "\
@binding(4294967295) uniform t: [2]texture2D
@entry(fragment)
function fs() -> (c: vec4)
\treturn { c = texel_fetch(t[1], ivec2(0), 0) }
end
";
    let failed = lumac::reflect(
        "t.luma",
        source,
        &MemoryReader::default(),
        &Options::default(),
    )
    .unwrap_err();
    assert_eq!(failed.diagnostics[0].code.as_str(), "E0920");
    // It points at the resource's declaration.
    let t = source.find("t:").unwrap();
    assert_eq!(failed.diagnostics[0].primary.span.lo as usize, t);
    assert_eq!(
        failed.diagnostics[0].primary.message,
        "`t` is declared here"
    );
    let options = Options {
        reflect: true,
        ..Options::default()
    };
    let result = build(source, &options, &[Target::Spirv]);
    assert_eq!(result.diagnostics[0].code.as_str(), "E0920");
    assert_eq!(result.diagnostics[0].primary.span.lo as usize, t);
    assert!(result.reflection.is_none() && result.outputs.is_empty());
}

#[test]
fn a_baked_float_beyond_its_type_is_an_error_not_infinity() {
    let source = "\
@spec(0) const F: float = 0.5
@spec(1) const H: half = 0.5
buffer o: []float
@entry(compute) @workgroup_size(1)
function main()
\to[0] = F + float(H)
end
";
    let bake = |assignment: &str| {
        let (id, value) = lumac::parse_spec_assignment(assignment).unwrap();
        let mut options = Options::default();
        options.spec_values.insert(id, value);
        build(source, &options, &[Target::Glsl])
    };
    for fits in [
        "0=3.4e38",
        "0=-1e-50",
        "0=123456789",
        "1=65504",
        "1=-65504.0",
        "1=1e-9",
    ] {
        let result = bake(fits);
        assert!(result.success(), "{fits}: {}", result.render(false));
    }
    // As in the source (E0208, E0516), a value that rounds to infinity does not fit.
    for (overflows, name) in [
        ("0=1e39", "F"),
        ("0=-3.5e38", "F"),
        ("1=70000", "H"),
        ("1=-65520.0", "H"),
    ] {
        let result = bake(overflows);
        assert!(!result.success(), "{overflows} was accepted");
        let d = &result.diagnostics[0];
        assert_eq!(d.code.as_str(), "E0003", "{overflows}");
        assert!(
            d.message.contains(&format!("does not fit `{name}`")),
            "{overflows}: {}",
            d.message
        );
    }
}

#[test]
fn a_source_without_entry_points_checks_but_does_not_compile() {
    let library = "function twice(x: float) -> float\n\treturn x * 2.0\nend\n";
    let result = build(library, &Options::default(), &[Target::Spirv]);
    assert_eq!(result.diagnostics[0].code.as_str(), "E0002");
    assert!(result.outputs.is_empty());
    // With no target, compile only checks and lowers.
    let result = build(library, &Options::default(), &[]);
    assert!(result.success(), "{}", result.render(false));
}

#[test]
fn syntax_errors_stop_before_lowering() {
    // `local` is recovered as `let` by the parser, leaving error nodes the checker skips: the
    // result must be the syntax errors, never an internal error from lowering.
    let source = "function f(local: uint) -> int\n\treturn int(local)\nend\n";
    let result = build(source, &Options::default(), &[Target::Spirv]);
    assert!(!result.success());
    let codes: Vec<&str> = result.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert!(
        codes.iter().all(|c| !c.starts_with("E08") && *c != "E0001"),
        "{codes:?}"
    );
    let options = Options::default();
    let mut diags = Diagnostics::new(100);
    let parsed = lumac::parse(
        "s.luma",
        source,
        &MemoryReader::default(),
        &options,
        &mut diags,
    );
    assert!(lumac::check(&parsed, &options, &mut diags).is_none());
}

#[test]
fn half_picks_shader_model_6_2_for_hlsl() {
    let source = "\
buffer data: []float
@entry(compute) @workgroup_size(1)
function main()
\tlet h: half = half(data[0])
\tdata[0] = float(h * half(2.0))
end
";
    let result = build(source, &Options::default(), &[Target::Hlsl]);
    assert!(result.success(), "{}", result.render(false));
    assert_eq!(
        result.outputs[0].entry_points[0].profile.as_deref(),
        Some("cs_6_2")
    );
    let pinned = Options {
        hlsl_shader_model: Some((6, 0)),
        ..Options::default()
    };
    let result = build(source, &pinned, &[Target::Hlsl]);
    assert_eq!(result.diagnostics[0].code.as_str(), "E0920");
}

#[test]
fn staged_api_matches_compile() {
    let options = Options::default();
    let mut diags = Diagnostics::new(100);
    let parsed = lumac::parse(
        "s.luma",
        TWO_STAGES,
        &MemoryReader::default(),
        &options,
        &mut diags,
    );
    let program = lumac::check(&parsed, &options, &mut diags).unwrap();
    let mut module = lumac::lower(&program, &parsed, &options, &mut diags).unwrap();
    assert!(lumac::optimize(&mut module, options.opt_level, &mut diags));
    let staged: Vec<lumac::Output> = Target::ALL
        .iter()
        .flat_map(|&t| emit(&module, t, &options).unwrap())
        .collect();
    let one_call = build(TWO_STAGES, &options, &Target::ALL);
    assert_eq!(staged, one_call.outputs);
    assert!(diags.as_slice().is_empty());
}

#[test]
fn w0801_push_constants_past_128_bytes_warn_and_compile() {
    let source = "struct Push\n\tm: [3]mat4\nend\n@push_constant uniform push: Push\nbuffer out: []vec4\n\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tout[0] = push.m[2][0]\nend\n";
    let result = build(source, &Options::default(), &[Target::Spirv]);
    assert!(result.success(), "{}", result.render(false));
    assert_eq!(result.warning_count, 1, "{:?}", result.diagnostics);
    let w = &result.diagnostics[0];
    assert_eq!(w.code.0, "W0801");
    assert_eq!(
        w.message,
        "push-constant block `push` is 192 bytes; Vulkan guarantees only 128"
    );
    let start = source.find("@push_constant").unwrap();
    let end = start + "@push_constant uniform push: Push".len();
    assert_eq!(
        (w.primary.span.lo as usize, w.primary.span.hi as usize),
        (start, end)
    );
    // 128 bytes exactly is fine.
    let at_limit = source.replace("[3]mat4", "[2]mat4").replace("m[2]", "m[1]");
    let result = build(&at_limit, &Options::default(), &[Target::Spirv]);
    assert!(result.success(), "{}", result.render(false));
    assert_eq!(result.warning_count, 0, "{:?}", result.diagnostics);
    // The size is the range a pipeline declares, to the end of the last member (reflection's
    // `push_constant_ranges`), not the struct rounded up to its 16-byte alignment (144).
    let past = source
        .replace("m: [3]mat4", "m: [2]mat4\n\tscale: float")
        .replace("m[2]", "m[1]");
    let result = build(&past, &Options::default(), &[Target::Spirv]);
    assert!(result.success(), "{}", result.render(false));
    assert_eq!(
        result.diagnostics.first().map(|d| d.message.as_str()),
        Some("push-constant block `push` is 132 bytes; Vulkan guarantees only 128")
    );
    // The note says why reflection's block `size` is larger.
    assert!(
        result.diagnostics[0].notes.iter().any(|n| n.contains(
            "the block's `size` in `luma reflect`, 144, includes the struct's padding at its end"
        )),
        "{:?}",
        result.diagnostics[0].notes
    );
    assert_eq!(result.diagnostics[0].notes.len(), 2);
    // Where the two agree, the note is left out.
    let result = build(source, &Options::default(), &[Target::Spirv]);
    assert_eq!(
        result.diagnostics[0].notes.len(),
        1,
        "{:?}",
        result.diagnostics
    );
}

#[test]
fn wgsl_refuses_nesting_tint_cannot_parse_and_other_targets_compile_it() {
    // 63 nested `if`s: Tint counts two levels for each and stops at 127.
    let mut source = String::from(
        "buffer out: []int\n@entry(compute) @workgroup_size(1)\nfunction main(@builtin(global_invocation_id) id: uvec3)\n\tlet k = int(id.x)\n",
    );
    let depth = 63;
    for d in 0..depth {
        source += &format!("{}if k != {d} then\n", "\t".repeat(d + 1));
    }
    source += &format!("{}out[0] = k\n", "\t".repeat(depth + 1));
    for d in (0..depth).rev() {
        source += &format!("{}end\n", "\t".repeat(d + 1));
    }
    source += "end\n";
    let result = build(&source, &Options::default(), &[Target::Wgsl]);
    assert!(!result.success());
    let d = &result.diagnostics[0];
    assert_eq!(d.code.as_str(), "E0956");
    assert!(d.message.contains("in `main`"), "{}", d.message);
    // With line information, the message names the `if` that goes too deep (the 63rd, on line
    // 4 + 63).
    let debug = Options {
        debug: true,
        ..Options::default()
    };
    let result = build(&source, &debug, &[Target::Wgsl]);
    let d = &result.diagnostics[0];
    assert!(d.message.contains("from line 67"), "{}", d.message);
    for target in [Target::Spirv, Target::Glsl, Target::Hlsl, Target::Msl] {
        assert!(build(&source, &Options::default(), &[target]).success());
    }
    // One level less fits.
    let shallower = source.replacen("\tif k != 0 then\n", "\tdo\n", 1);
    let result = build(&shallower, &Options::default(), &[Target::Wgsl]);
    assert!(result.success(), "{:?}", result.diagnostics);
}

#[test]
fn hlsl_and_msl_refuse_brackets_nested_past_clangs_limit() {
    let nest = |depth: usize| {
        let mut source = String::from(
            "buffer out: []int\n@entry(compute) @workgroup_size(1)\nfunction main(@builtin(global_invocation_id) id: uvec3)\n\tlet k = int(id.x)\n",
        );
        for d in 0..depth {
            source += &format!("{}if k != {d} then\n", "\t".repeat(d + 1));
        }
        source += &format!("{}out[k] = k\n", "\t".repeat(depth + 1));
        for d in (0..depth).rev() {
            source += &format!("{}end\n", "\t".repeat(d + 1));
        }
        source + "end\n"
    };
    // The innermost statement, `out_.Store(min(uint(k), ...) * 4u, asuint(k))` in HLSL, adds
    // three brackets to the function's and the `if`s'.
    let deep = nest(254);
    for (target, code) in [(Target::Hlsl, "E0925"), (Target::Msl, "E0942")] {
        let result = build(&deep, &Options::default(), &[target]);
        assert!(!result.success());
        let d = &result.diagnostics[0];
        assert_eq!(d.code.as_str(), code);
        assert!(d.message.contains("`main` nests"), "{}", d.message);
        assert!(build(&nest(240), &Options::default(), &[target]).success());
    }
    for target in [Target::Spirv, Target::Glsl] {
        assert!(build(&deep, &Options::default(), &[target]).success());
    }
}

#[test]
fn allow_attribute_silences_warnings_inside_what_it_marks() {
    // One warning of the checker (W0201, W0210), of lowering (W0801) and of a back end
    // (W0950), each allowed where it points, next to the same warnings not allowed.
    let source = "\
struct Push
\tm: [3]mat4
end
@allow(W0801) @push_constant uniform push: Push
buffer counts: []uint

@allow(W0950)
@entry(vertex)
function draw(@builtin(vertex_index) i: uint) -> (@builtin(position) clip: vec4)
\tcounts[i] = 1u
\treturn { clip = push.m[2][0] }
end

@entry(compute) @workgroup_size(1)
function main()
\tlet n = counts[0]
\t@allow(W0210, W0201)
\tfor i = 0u, n - 1u do
\t\tcounts[i + 1u] = i
\tend
\twhile counts[n] != 0u do
\t\tn += 1u
\tend
end
";
    let result = build(source, &Options::default(), &Target::ALL);
    assert!(result.success(), "{}", result.render(false));
    let codes: Vec<&str> = result.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["W0201"], "{}", result.render(false));
    assert_eq!(
        result.diagnostics[0].primary.span.lo as usize,
        source.find("while").unwrap()
    );
    // The source's `@allow` wins over denying every warning; the rest become errors.
    let deny = Options {
        warnings: lumac::WarningPolicy {
            deny_all: true,
            ..lumac::WarningPolicy::default()
        },
        ..Options::default()
    };
    let result = build(source, &deny, &Target::ALL);
    assert_eq!((result.error_count, result.warning_count), (1, 0));
    assert!(result.outputs.is_empty());
    assert_eq!(result.diagnostics[0].code.as_str(), "W0201");
    // Codes are checked against every warning of every stage.
    let result = build(
        "@allow(W0299, E0501, 3)\nfunction f()\nend\n@allow\nfunction g()\nend\n",
        &Options::default(),
        &[],
    );
    let messages: Vec<(&str, &str)> = result
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.message.as_str()))
        .collect();
    assert_eq!(
        messages,
        [
            ("E0004", "no warning has the code `W0299`"),
            ("E0004", "`E0501` is an error, which cannot be allowed"),
            ("E0004", "`@allow` takes warning codes"),
            ("E0004", "`@allow` names no warning"),
        ]
    );
}

#[test]
fn spec_workgroup_sizes_stay_specializable_unless_baked() {
    let source = "\
@spec(0) const GROUP: uint = 64
buffer o: []uint
@entry(compute) @workgroup_size(GROUP, 2)
function main(@builtin(local_invocation_index) i: uint)
\to[i] = GROUP
end
";
    let glsl = |options: &Options| {
        let result = build(source, options, &[Target::Glsl]);
        assert!(result.success(), "{}", result.render(false));
        result
            .output(Target::Glsl)
            .unwrap()
            .data
            .as_text()
            .unwrap()
            .to_string()
    };
    let open = glsl(&Options::default());
    assert!(
        open.contains("layout(local_size_x = 64, local_size_x_id = 0, local_size_y = 2, local_size_z = 1) in;"),
        "{open}"
    );
    let bake = |assignment: &str| {
        let (id, value) = lumac::parse_spec_assignment(assignment).unwrap();
        let mut options = Options::default();
        options.spec_values.insert(id, value);
        options
    };
    let baked = glsl(&bake("0=16"));
    assert!(
        baked.contains("layout(local_size_x = 16, local_size_y = 2, local_size_z = 1) in;"),
        "{baked}"
    );
    // A baked size is checked as a written one is.
    let result = build(source, &bake("0=1000"), &[Target::Glsl]);
    assert!(!result.success());
    assert_eq!(result.diagnostics[0].code.as_str(), "E0805");
    assert_eq!(
        result.diagnostics[0].message,
        "`--spec 0=1000` (`GROUP`) makes the workgroup size of `main` (1000, 2, 1)"
    );
    assert_eq!(
        result.diagnostics[0].notes,
        ["a workgroup has at most 1024 invocations; this one has 2000"]
    );
}

#[test]
fn compute_entry_points_that_fail_only_together_are_both_pointed_at() {
    // A specialized workgroup size cannot share a SPIR-V module with another compute entry
    // point: neither fails alone, so the back end names the pair (E0916) and the diagnostic
    // points at both functions instead of nowhere.
    let source = "\
@spec(0) const NX: uint = 8
buffer c: []float
@entry(compute) @workgroup_size(16)
function fixed()
\tc[0] = 1.0
end
@entry(compute) @workgroup_size(NX)
function special()
\tc[1] = 1.0
end
";
    let result = build(source, &Options::default(), &[Target::Spirv]);
    let d = &result.diagnostics[0];
    assert_eq!(d.code.as_str(), "E0916");
    assert_eq!(d.primary.span.lo as usize, source.find("special").unwrap());
    assert_eq!(d.primary.message, "entry point `special`");
    assert_eq!(d.secondary.len(), 1, "{:?}", d.secondary);
    assert_eq!(
        d.secondary[0].span.lo as usize,
        source.find("fixed").unwrap()
    );
    assert_eq!(d.secondary[0].message, "and entry point `fixed`");
    for name in ["fixed", "special"] {
        let alone = Options {
            entry_point: Some(name.into()),
            ..Options::default()
        };
        assert!(build(source, &alone, &[Target::Spirv]).success());
    }
}

#[test]
fn msl_lays_out_only_the_blocks_a_compiled_entry_point_uses() {
    // Metal cannot reproduce a `half` matrix's 16-byte column stride in a uniform (E0941),
    // but only the fragment entry point reads `m`: the module without it compiles to MSL.
    let source = "\
uniform m: hmat2
@entry(vertex)
function vs(p: vec3) -> (@builtin(position) pos: vec4)
\treturn { pos = vec4(p, 1.0) }
end
@entry(fragment)
function fs() -> (@location(0) c: vec4)
\treturn { c = vec4(float(m[0].x)) }
end
";
    let whole = build(source, &Options::default(), &[Target::Msl]);
    let d = &whole.diagnostics[0];
    assert_eq!(d.code.as_str(), "E0941");
    assert_eq!(d.secondary.len(), 1, "{:?}", d.secondary);
    assert_eq!(d.secondary[0].message, "used by entry point `fs`");
    let vs_only = Options {
        entry_point: Some("vs".into()),
        ..Options::default()
    };
    let result = build(source, &vs_only, &[Target::Msl]);
    assert!(result.success(), "{:?}", result.diagnostics);
    let unused = build(
        &source.replace("float(m[0].x)", "1.0"),
        &Options::default(),
        &[Target::Msl],
    );
    assert!(unused.success(), "{:?}", unused.diagnostics);
}

#[test]
fn msl_refuses_read_write_textures_of_formats_no_device_allows() {
    // Metal's compiler cannot see the format, so the error would come at bind time: `rg32f`
    // is never read-write. Loading and storing it in different entry points is fine.
    let both = "\
@format(rg32f) uniform img: image2D
@entry(compute) @workgroup_size(8, 8)
function main(@builtin(global_invocation_id) g: uvec3)
\tlet p = ivec2(g.xy)
\timage_store(img, p, image_load(img, p) * 2.0)
end
";
    let result = build(both, &Options::default(), &[Target::Msl]);
    let d = &result.diagnostics[0];
    assert_eq!(d.code.as_str(), "E0940");
    assert!(
        d.message
            .contains("`img`: Metal cannot read and write a `rg32f` storage image"),
        "{}",
        d.message
    );
    let rgba = build(
        &both.replace("rg32f", "rgba32f"),
        &Options::default(),
        &[Target::Msl],
    );
    assert!(rgba.success(), "{:?}", rgba.diagnostics);
    let apart = "\
@format(rg32f) @access(read_write) uniform img: image2D
buffer values: []vec4
@entry(compute) @workgroup_size(8, 8)
function fill(@builtin(global_invocation_id) g: uvec3)
\timage_store(img, ivec2(g.xy), vec4(1.0))
end
@entry(compute) @workgroup_size(8, 8)
function read_back(@builtin(global_invocation_id) g: uvec3)
\tvalues[g.x] = image_load(img, ivec2(g.xy))
end
";
    let result = build(apart, &Options::default(), &[Target::Msl]);
    assert!(result.success(), "{:?}", result.diagnostics);
    let msl = result.output(Target::Msl).unwrap().data.as_text().unwrap();
    assert!(
        msl.contains("access::write> img") && msl.contains("access::read> img"),
        "{msl}"
    );
}

#[test]
fn hlsl_refuses_constant_buffers_past_64_kib() {
    // 4097 rows of 16 bytes: one past Direct3D 12's constant buffer; 4096 fit.
    let source = "\
uniform big: [4097]vec4
buffer values: []vec4
@entry(compute) @workgroup_size(1)
function main(@builtin(local_invocation_index) i: uint)
\tvalues[i] = big[i + 4000u]
end
";
    let result = build(source, &Options::default(), &[Target::Hlsl]);
    let d = &result.diagnostics[0];
    assert_eq!(d.code.as_str(), "E0920");
    assert!(
        d.message.contains(
            "`big` takes 65552 bytes, but a Direct3D 12 constant buffer holds at most 65536"
        ),
        "{}",
        d.message
    );
    let fits = build(
        &source.replace("4097", "4096"),
        &Options::default(),
        &[Target::Hlsl],
    );
    assert!(fits.success(), "{:?}", fits.diagnostics);
    // A block no compiled entry point uses is not declared, so it does not count.
    let unused = build(
        &source.replace("big[i + 4000u]", "vec4(1.0)"),
        &Options::default(),
        &[Target::Hlsl],
    );
    assert!(unused.success(), "{:?}", unused.diagnostics);
}

#[test]
fn reflection_reports_the_msl_sizes_buffer_only_when_the_output_declares_it() {
    // Without bounds checks nothing reads a runtime array's size here, so the MSL output
    // binds no sizes buffer, and reflection must not place one.
    let source = "\
buffer positions: []vec4
@entry(vertex)
function vs(@builtin(vertex_index) vi: uint) -> (@builtin(position) pos: vec4)
\treturn { pos = positions[vi] }
end
";
    for bounds_checks in [true, false] {
        let options = Options {
            bounds_checks,
            reflect: true,
            ..Options::default()
        };
        let result = build(source, &options, &[Target::Msl]);
        assert!(result.success(), "{:?}", result.diagnostics);
        let msl = result.outputs[0].data.as_text().unwrap();
        let reflected = result.reflection.as_ref().unwrap().msl.clone().unwrap();
        let declared = msl.contains("[[buffer(1)]]");
        assert_eq!(declared, bounds_checks, "{msl}");
        assert_eq!(reflected.sizes_buffer, declared.then_some(1));
        assert_eq!(
            reflected.sizes,
            if declared {
                vec!["positions".to_string()]
            } else {
                Vec::new()
            }
        );
    }
}

#[test]
fn uniformity_reads_the_access_of_the_entry_points_kept() {
    // Only `produce` writes `params`: in a compile that keeps `consume` alone, the buffer is
    // read-only (every output declares it so), its loads are uniform, and the barrier under
    // the loop bound is allowed. With `produce` kept too, the load may differ (E0609).
    let source = "\
buffer params: []uint
shared tile: [64]uint
@entry(compute) @workgroup_size(1)
function produce()
\tparams[0] = 4u
end
@entry(compute) @workgroup_size(64)
function consume(@builtin(local_invocation_index) li: uint)
\t@max_iterations(8)
\tfor c = 1u, params[0] do
\t\ttile[li] = c
\t\tworkgroup_barrier()
\tend
end
";
    let whole = build(source, &Options::default(), &[Target::Wgsl]);
    assert_eq!(whole.diagnostics[0].code.as_str(), "E0609");
    for (entry_point, stage) in [
        (Some("consume"), None),
        (Some("consume"), Some(ShaderStage::Compute)),
    ] {
        let options = Options {
            entry_point: entry_point.map(Into::into),
            stage,
            ..Options::default()
        };
        let result = build(source, &options, &[Target::Wgsl]);
        assert!(result.success(), "{:?}", result.diagnostics);
        let wgsl = result.outputs[0].data.as_text().unwrap();
        assert!(wgsl.contains("var<storage, read> params"), "{wgsl}");
    }
    let stage_only = Options {
        stage: Some(ShaderStage::Compute),
        ..Options::default()
    };
    assert_eq!(
        build(source, &stage_only, &[Target::Wgsl]).diagnostics[0]
            .code
            .as_str(),
        "E0609"
    );
}
