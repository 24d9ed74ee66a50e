//! Robustness: corpus shaders mutated at random (tokens deleted, duplicated, swapped, replaced
//! by other tokens of the language) go through preprocess, parse and check, whatever the parser
//! reported, without a panic; the result is `Some` exactly when no error was reported (or
//! hidden: after a failed `#include`, names that cannot be found are not reported).
//! Deterministic (a fixed seed per file), a few seconds in debug builds.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use luma_base::{Diagnostics, Limits};
use luma_sema::{check, CheckOptions};
use luma_syntax::codes;
use luma_syntax::preprocess::{preprocess, FsReader, PreprocessOptions};

/// xorshift64*: small, deterministic, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Splits text into identifier/number runs, single punctuation characters and whitespace.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for ch in text.chars() {
        let word = ch.is_alphanumeric() || ch == '_' || ch == '.';
        if word {
            cur.push(ch);
        } else {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            out.push(ch.to_string());
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

const POOL: &[&str] = &[
    "function",
    "end",
    "let",
    "const",
    "return",
    "if",
    "then",
    "elseif",
    "else",
    "for",
    "while",
    "do",
    "break",
    "discard",
    "struct",
    "uniform",
    "buffer",
    "shared",
    "and",
    "or",
    "not",
    "true",
    "false",
    "@entry(compute)",
    "@workgroup_size(0)",
    "@builtin(position)",
    "@location(99)",
    "@varying",
    "@group(4294967295)",
    "@spec(0)",
    "@unroll",
    "@max_iterations(0)",
    "@access(read)",
    "int",
    "uint",
    "float",
    "half",
    "bool",
    "vec3",
    "mat4",
    "mat2x3",
    "[]",
    "[0]",
    "[3]",
    "atomic_uint",
    "texture2D",
    "sampler2D",
    "sampler",
    "samplerShadow",
    "{",
    "}",
    "(",
    ")",
    ",",
    "=",
    "+",
    "-",
    "*",
    "/",
    "%",
    "<<",
    ">>",
    "~",
    "&",
    "|",
    "#",
    ".",
    ".xyz",
    ".w",
    "==",
    "<",
    "0",
    "-1",
    "1u",
    "4294967295",
    "2147483648",
    "1e39",
    "0.5",
    "sample",
    "texel_fetch",
    "atomic_add",
    "workgroup_barrier",
    "dfdx",
    "main",
    "x",
    "input",
    "return {",
    "-> (c: vec4)",
    "-> vec4",
];

fn mutate(tokens: &[String], rng: &mut Rng) -> String {
    let mut t: Vec<String> = tokens.to_vec();
    let edits = 1 + rng.below(4);
    for _ in 0..edits {
        if t.is_empty() {
            break;
        }
        let i = rng.below(t.len());
        match rng.below(5) {
            0 => {
                t.remove(i);
            }
            1 => {
                let dup = t[i].clone();
                t.insert(i, dup);
            }
            2 => {
                let j = rng.below(t.len());
                t.swap(i, j);
            }
            3 => t[i] = POOL[rng.below(POOL.len())].to_string(),
            _ => {
                let j = rng.below(t.len());
                let other = t[j].clone();
                t.insert(i, other);
            }
        }
    }
    t.concat()
}

#[test]
fn mutated_corpus_never_panics() {
    let include = luma_testutil::tests_dir().join("shaders").join("include");
    let limits = Limits::default();
    let options = PreprocessOptions {
        include_dirs: vec![include.to_string_lossy().into_owned()],
        limits,
    };
    // `LUMA_FUZZ_RUNS` raises the count for a longer local run.
    let per_file: usize = std::env::var("LUMA_FUZZ_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(120);
    let mut runs = 0;
    for (n, path) in luma_testutil::shader_corpus().iter().enumerate() {
        let name = path.to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let toks = tokens(&text);
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ ((n as u64 + 1) * 0x1000_0001));
        for _ in 0..per_file {
            let mutant = mutate(&toks, &mut rng);
            let mut diags = Diagnostics::default();
            let pre = preprocess(&name, &mutant, &FsReader, &options, &mut diags);
            let module = luma_syntax::parse(&pre.text, &limits, &mut diags);
            let before = diags.error_count();
            let include_failed = diags.as_slice().iter().any(|d| {
                matches!(
                    d.code,
                    codes::INCLUDE_NOT_FOUND
                        | codes::INCLUDE_UNREADABLE
                        | codes::INCLUDE_TOO_DEEP
                        | codes::MALFORMED_INCLUDE
                )
            });
            let program = check(
                &module,
                &CheckOptions {
                    limits,
                    ..Default::default()
                },
                &mut diags,
            );
            let reported = diags.error_count() != before;
            if include_failed || before > 0 {
                // Unknown names after a failed include, and what a declaration holding a syntax
                // error would report, are hidden: `None` without a report is allowed.
                assert!(program.is_none() || !reported, "{name}: mutant\n{mutant}");
            } else {
                assert_eq!(program.is_some(), !reported, "{name}: mutant\n{mutant}");
            }
            if let Some(p) = program {
                luma_sema::dump::dump_program(&p);
            }
            runs += 1;
        }
    }
    assert!(runs >= 30 * per_file);
}
