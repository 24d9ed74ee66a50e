//! What the Luma fuzz targets share: how an input becomes a source, the structure-aware
//! mutators ([`mutate`], [`vfs`]), the generator of well-typed programs ([`gen`]), and the
//! oracles each target checks beyond "no panic".
//!
//! The oracles: the preprocessor never expands past its size limit and every offset of its
//! output maps back to a file; diagnostics always render; a program that type-checks lowers to
//! IR that verifies (no internal error, no guard code such as E0803/E0899); every opt level
//! keeps it valid and its text form round-trips; and every back end either writes it or
//! reports a proper E09xx error, never an "invalid IR" code. Any breach is a panic, which
//! libFuzzer records as a crash.
#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)]

use std::borrow::Cow;
use std::sync::OnceLock;

use luma_base::Diagnostics;
use lumac::{Diagnostic, MemoryReader, OptLevel, Options, Target};

pub mod gen;
pub mod mutate;
pub mod vfs;

/// The corpus shaders, embedded by `build.rs`.
pub mod seeds {
    include!(concat!(env!("OUT_DIR"), "/seeds.rs"));
}

/// The input as text: invalid UTF-8 is replaced, so random bytes still reach the lexer.
pub fn text_of(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// The corpus include files (`tests/shaders/include/...`) as virtual files under `include/`,
/// so corpus shaders and their mutants find what they include.
pub fn corpus_reader() -> &'static MemoryReader {
    static READER: OnceLock<MemoryReader> = OnceLock::new();
    READER.get_or_init(|| {
        let mut reader = MemoryReader::default();
        for (path, text) in seeds::SEEDS {
            if path.starts_with("include/") {
                reader.insert(path, *text);
            }
        }
        reader
    })
}

/// Options for one run, varied by a few bits of the input so every option path is fuzzed: the
/// opt level, debug info, `#line` directives and bounds checks.
pub fn options_for(data: &[u8]) -> Options {
    let bits = data
        .iter()
        .fold(0u32, |h, &b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
    Options {
        include_dirs: vec!["include".to_owned()],
        opt_level: [OptLevel::None, OptLevel::Basic, OptLevel::Aggressive]
            .get((bits % 3) as usize)
            .copied()
            .unwrap_or_default(),
        debug: bits & 8 != 0,
        line_directives: bits & 16 != 0,
        bounds_checks: bits & 32 == 0,
        ..Options::default()
    }
}

/// Codes that only a compiler bug produces: the driver's internal error, lowering's guards for
/// typed programs the checker should not have produced, and each back end's "the IR breaks an
/// invariant the verifier checks".
pub const BUG_CODES: &[&str] = &[
    "E0001", "E0803", "E0899", "E0913", "E0923", "E0933", "E0939", "E0959",
];

fn render_all(diags: &[Diagnostic], parsed: &lumac::Parsed) {
    let text = lumac::render_human(diags, &parsed.source_map, &lumac::HumanOptions::default());
    let json = lumac::render_json(diags, &parsed.source_map);
    assert!(diags.is_empty() || !text.is_empty());
    assert_eq!(json.lines().count(), diags.len());
}

fn assert_no_bug(diags: &Diagnostics, source: &str) {
    for d in diags.as_slice() {
        assert!(
            !BUG_CODES.contains(&d.code.as_str()),
            "compiler bug {}: {}\n--- source ---\n{source}",
            d.code.as_str(),
            d.message
        );
    }
}

/// Preprocesses a packed set of virtual files ([`vfs`]) with small limits, and checks the
/// expansion's size bound and source map.
pub fn run_preprocess(data: &[u8]) {
    use luma_syntax::preprocess::{preprocess, PreprocessOptions};
    let text = text_of(data);
    let files = vfs::unpack(&text);
    let main = files.first().map(|(_, t)| t.clone()).unwrap_or_default();
    let reader = MemoryReader::new(vfs::as_map(files.get(1..).unwrap_or(&[])));
    let mut limits = lumac::Limits::default();
    // Small limits keep include bombs cheap, so the fuzzer explores instead of waiting.
    limits.include_depth = 6;
    limits.max_source_bytes = 256 * 1024;
    let options = PreprocessOptions {
        include_dirs: vfs::INCLUDE_DIRS.iter().map(|d| (*d).to_owned()).collect(),
        limits,
    };
    let mut diags = Diagnostics::new(limits.max_diagnostics);
    let pre = preprocess(vfs::MAIN, &main, &reader, &options, &mut diags);
    assert!(pre.text.len() <= limits.max_source_bytes);
    // Every offset of the expansion leads back to a file position that exists.
    let step = (pre.text.len() / 64).max(1);
    for offset in (0..=pre.text.len()).step_by(step) {
        let offset = u32::try_from(offset).unwrap_or(u32::MAX);
        if let Some((file, at)) = pre.source_map.original(offset) {
            let file = pre.source_map.file(file).expect("mapped file exists");
            assert!(at as usize <= file.text.len(), "mapped past the end of a file");
        }
        let _ = pre.source_map.locate(offset);
    }
    let rendered = lumac::render_human(
        diags.as_slice(),
        &pre.source_map,
        &lumac::HumanOptions::default(),
    );
    assert!(diags.as_slice().is_empty() || !rendered.is_empty());
    // The expansion must also lex and parse without trouble.
    let module = luma_syntax::parse(&pre.text, &limits, &mut diags);
    let _ = luma_syntax::dump::dump_ast(&module, &pre.source_map);
}

/// Lexes and parses the input, dumps the tree and renders every diagnostic.
pub fn run_parse(data: &[u8]) {
    let text = text_of(data);
    let options = options_for(data);
    let mut diags = Diagnostics::new(options.limits.max_diagnostics);
    let tokens = luma_syntax::lexer::lex(&text, &mut diags);
    assert!(tokens.len() <= text.len() + 1);
    // The parser reads tokens through a window that releases those behind it: releasing after
    // every token must change nothing the lexer cooks or reports.
    let mut window_diags = Diagnostics::new(options.limits.max_diagnostics);
    let windowed = luma_syntax::lexer::lex_through_window(&text, &mut window_diags, 1);
    assert_eq!(tokens, windowed, "lexing through the window cooked other tokens");
    assert_eq!(
        diags.as_slice(),
        window_diags.as_slice(),
        "lexing through the window reported something else"
    );
    let parsed = lumac::parse("main.luma", &text, corpus_reader(), &options, &mut diags);
    let _ = luma_syntax::dump::dump_ast(&parsed.ast, &parsed.source_map);
    render_all(diags.as_slice(), &parsed);
}

/// Parses and type-checks; `check` fails only with an error and succeeds only without one of
/// its own (it also runs on trees with syntax errors, skipping what failed to parse).
pub fn run_check(data: &[u8]) {
    let text = text_of(data);
    let options = options_for(data);
    let mut diags = Diagnostics::new(options.limits.max_diagnostics);
    let parsed = lumac::parse("main.luma", &text, corpus_reader(), &options, &mut diags);
    let before = diags.error_count();
    // What `lumac::compile` runs (each body taken out and freed once checked) must report and
    // build exactly what checking the tree in place does.
    let mut taken = parsed.clone();
    let mut taken_diags = diags.clone();
    let program = lumac::check(&parsed, &options, &mut diags);
    let taken_program = lumac::check_taking_bodies(&mut taken, &options, &mut taken_diags);
    assert_eq!(
        diags.as_slice(),
        taken_diags.as_slice(),
        "checking with the bodies taken out reported something else"
    );
    assert_eq!(
        program.as_ref().map(luma_sema::dump::dump_program),
        taken_program.as_ref().map(luma_sema::dump::dump_program),
        "checking with the bodies taken out built another program"
    );
    if program.is_some() {
        assert_eq!(diags.error_count(), before, "check succeeded but reported an error");
    } else {
        assert!(diags.has_errors(), "check failed without an error");
    }
    render_all(diags.as_slice(), &parsed);
    assert_no_bug(&diags, &text);
}

/// The front end through lowering, then every opt level with verification, the IR text
/// round trip and the canonical hash; then, at the input's own level, what `lumac::compile`
/// runs (each function optimised as soon as it is lowered) must emit what the module optimised
/// whole emits, for every target. Returns the optimised module of the input's own level.
pub fn run_lower(data: &[u8]) -> Option<(lumac::IrModule, Options)> {
    let text = text_of(data);
    let options = options_for(data);
    let mut diags = Diagnostics::new(options.limits.max_diagnostics);
    let parsed = lumac::parse("main.luma", &text, corpus_reader(), &options, &mut diags);
    let mut program = lumac::check(&parsed, &options, &mut diags)?;
    if diags.has_errors() {
        // A tree with syntax errors is checked (to report everything) but never lowered.
        return None;
    }
    let module = lumac::lower(&program, &parsed, &options, &mut diags);
    render_all(diags.as_slice(), &parsed);
    assert_no_bug(&diags, &text);
    let Some(module) = module else {
        // Only a driver-level problem may stop a checked program here.
        assert!(diags.has_errors(), "lowering failed without saying why");
        return None;
    };
    luma_ir::verify::verify(&module).expect("lowered IR verifies");
    let mut chosen = None;
    for level in [OptLevel::None, OptLevel::Basic, OptLevel::Aggressive] {
        let mut m = module.clone();
        if let Err(e) = luma_opt::optimize(&mut m, level) {
            panic!("optimisation at {level:?} failed: {e}\n--- source ---\n{text}");
        }
        if let Err(e) = luma_ir::verify::verify(&m) {
            panic!("IR after {level:?} does not verify: {e}\n--- source ---\n{text}");
        }
        let printed = luma_ir::print::print_module(&m);
        match luma_ir::parse::parse_module(&printed) {
            Ok(back) => assert_eq!(
                luma_ir::print::print_module(&back),
                printed,
                "IR text does not round-trip\n--- source ---\n{text}"
            ),
            Err(e) => panic!("printed IR does not parse: {e}\n{printed}\n--- source ---\n{text}"),
        }
        let _ = luma_ir::hash::canonical_hash(&m);
        if level == options.opt_level {
            chosen = Some(m);
        }
    }
    // What `lumac::compile` runs, each function optimised as soon as it is lowered, emits what
    // the module optimised whole emits, for every target.
    let by_function = lumac::lower_optimized(&mut program, &parsed, &options, &mut diags);
    let Some(by_function) = by_function else {
        panic!("lower_optimized failed where lower succeeded\n--- source ---\n{text}");
    };
    if let Some(whole) = &chosen {
        for target in Target::ALL {
            let emit = |m: &lumac::IrModule| {
                lumac::emit(m, target, &options).map_err(|e| e.to_string())
            };
            assert!(
                emit(whole) == emit(&by_function),
                "optimised function by function, the {} output differs\n--- source ---\n{text}",
                target.name()
            );
        }
    }
    chosen.map(|m| (m, options))
}

/// Lowers and optimises the input at its own opt level as `lumac::compile` does (see
/// [`run_lower`] for the oracles on that) and emits `target`: the back end writes it or
/// reports a proper E09xx error.
pub fn run_backend(data: &[u8], target: Target) {
    let text = text_of(data);
    let options = options_for(data);
    let mut diags = Diagnostics::new(options.limits.max_diagnostics);
    let mut parsed = lumac::parse("main.luma", &text, corpus_reader(), &options, &mut diags);
    // As `lumac::compile` checks: each body freed once checked.
    let Some(mut program) = lumac::check_taking_bodies(&mut parsed, &options, &mut diags) else {
        return;
    };
    if diags.has_errors() {
        return;
    }
    // As `lumac::compile` lowers and optimises.
    let module = lumac::lower_optimized(&mut program, &parsed, &options, &mut diags);
    assert_no_bug(&diags, &text);
    let Some(module) = module else {
        assert!(diags.has_errors(), "lowering failed without saying why");
        return;
    };
    emit_checked(&module, target, &options, &text);
}

/// Emits `target` and checks the result: output, or an E09xx error that is not a bug code.
pub fn emit_checked(module: &lumac::IrModule, target: Target, options: &Options, source: &str) {
    match lumac::emit(module, target, options) {
        Ok(outputs) => {
            for out in &outputs {
                match &out.data {
                    lumac::OutputData::Binary(words) => {
                        assert_eq!(words.len() % 4, 0, "SPIR-V is not whole words");
                        assert_eq!(
                            words.get(..4),
                            Some(&[0x03, 0x02, 0x23, 0x07][..]),
                            "SPIR-V magic number"
                        );
                    }
                    // An empty module is empty text in some targets (WGSL): nothing to check.
                    lumac::OutputData::Text(_) => {}
                }
            }
        }
        Err(e) => {
            let code = e.code.as_str();
            assert!(
                code.starts_with("E09") && !BUG_CODES.contains(&code),
                "{} back end failed with {code}: {}\n--- source ---\n{source}",
                target.name(),
                e.message
            );
        }
    }
}

/// The custom mutator every target uses: structure-aware text mutation of `data[..size]`
/// (packed virtual files when `packed`), written back in place. `None` asks the caller to
/// use libFuzzer's own byte-level mutator instead, which it does for one call in five so
/// odd bytes and encodings still appear.
pub fn mutate_into(
    data: &mut [u8],
    size: usize,
    max_size: usize,
    seed: u32,
    packed: bool,
) -> Option<usize> {
    let mut rng = mutate::Rng::new(u64::from(seed));
    if rng.one_in(5) {
        return None;
    }
    let text = text_of(data.get(..size).unwrap_or(data)).into_owned();
    let limit = max_size.min(data.len());
    let out = if packed {
        vfs::mutate_packed(&text, &mut rng, limit)
    } else {
        mutate::mutate_text(&text, &mut rng, limit)
    };
    let bytes = out.as_bytes();
    let n = bytes.len().min(limit);
    data.get_mut(..n)?.copy_from_slice(bytes.get(..n)?);
    Some(n)
}

/// Declares a fuzz target running `$run` on every input, with the structure-aware mutator
/// ([`mutate_into`]; `packed` for inputs that hold several virtual files).
#[macro_export]
macro_rules! luma_fuzz_target {
    ($run:expr, packed = $packed:expr) => {
        libfuzzer_sys::fuzz_target!(|data: &[u8]| {
            $run(data);
        });

        libfuzzer_sys::fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
            match $crate::mutate_into(data, size, max_size, seed, $packed) {
                Some(n) => n,
                None => libfuzzer_sys::fuzzer_mutate(data, size, max_size),
            }
        });
    };
}

/// Decodes the input into a well-typed program ([`gen`]) and compiles it for every target:
/// any error is a bug (in the compiler, or in the generator's idea of the language).
pub fn run_generate(data: &[u8]) {
    let mut u = arbitrary::Unstructured::new(data);
    let Ok(program) = gen::generate(&mut u) else {
        return;
    };
    let options = options_for(data);
    let result = lumac::compile(
        "generated.luma",
        &program,
        corpus_reader(),
        &options,
        &Target::ALL,
    );
    assert!(
        result.success(),
        "a generated program does not compile at {:?}:\n{}\n--- source ---\n{program}",
        options.opt_level,
        result.render(false)
    );
}
