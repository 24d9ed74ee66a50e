//! Cases on disk: building a case from seeds, and writing it (or a saved regression) as a Luma
//! source plus a harness spec (`tests/exec` format) holding the inputs and the expected outputs,
//! so that `luma-harness run tests/difftest` can run the saved programs too.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use luma_harness::spec::{self, ExpectWhere, Test};

use crate::ast::{Case, Inputs};
use crate::eval::{self, Outputs, Stop};
use crate::gen::{self, Config};
use crate::print;
use crate::rng::mix;
use crate::run::Prepared;

/// Most attempts at one program before the seed is given up.
const ATTEMPTS: u64 = 64;

/// A case built from seeds.
#[derive(Debug, Clone)]
pub struct Built {
    /// The case.
    pub case: Case,
    /// Its expected outputs.
    pub expected: Outputs,
    /// Programs drawn again because their result was not determinate (or ran too long).
    pub redrawn: usize,
    /// Programs the evaluator found malformed (a generator bug), with the reason.
    pub malformed: Vec<(u64, String)>,
}

/// Builds a case of one program per seed in `seeds`, reading inputs drawn from `case_seed`.
/// Each program is drawn again from a derived seed until the evaluator finds its result
/// determinate on those inputs.
pub fn build(case_seed: u64, seeds: &[u64], cfg: Config) -> Built {
    let inputs = gen::inputs(case_seed);
    let mut programs = Vec::new();
    let mut redrawn = 0;
    let mut malformed = Vec::new();
    let (mut out_next, mut fout_next) = (1u32, 1u32);
    for (k, &seed) in seeds.iter().enumerate() {
        let prefix = format!("p{k}_");
        for attempt in 0..ATTEMPTS {
            let s = mix(seed, attempt);
            let mut p = gen::program(s, &prefix, cfg);
            gen::relocate(&mut p, 1, 1);
            let single = Case {
                out_len: 1 + p.out.1,
                fout_len: 1 + p.fout.1,
                programs: vec![p.clone()],
                inputs: inputs.clone(),
            };
            match eval::run(&single) {
                Ok(_) => {
                    gen::relocate(&mut p, out_next - 1, fout_next - 1);
                    out_next += p.out.1;
                    fout_next += p.fout.1;
                    programs.push(p);
                    break;
                }
                Err(Stop::Invalid(why)) => {
                    malformed.push((s, why));
                    redrawn += 1;
                }
                Err(_) => redrawn += 1,
            }
        }
    }
    let case = Case {
        programs,
        inputs,
        out_len: out_next,
        fout_len: fout_next,
    };
    // Programs only touch their own slots, so the whole case is as determinate as each one.
    let expected = eval::run(&case).unwrap_or(Outputs {
        out: Vec::new(),
        fout: Vec::new(),
    });
    Built {
        case,
        expected,
        redrawn,
        malformed,
    }
}

fn chunks<T>(kind: &str, values: &[T], show: impl Fn(&T) -> String) -> Vec<String> {
    values
        .chunks(8)
        .map(|c| {
            let vals: Vec<String> = c.iter().map(&show).collect();
            format!("{kind} {}", vals.join(" "))
        })
        .collect()
}

fn toml_list(items: &[String]) -> String {
    let mut s = String::from("[\n");
    for i in items {
        let _ = writeln!(s, "    \"{i}\",");
    }
    s.push(']');
    s
}

fn word(w: &u32) -> String {
    if *w > 0xffff {
        format!("0x{w:x}")
    } else {
        w.to_string()
    }
}

fn float(f: &f32) -> String {
    format!("{f:?}")
}

/// The harness spec of a case: buffers with the inputs, output buffers of the expected size,
/// and the expected outputs.
pub fn spec_text(description: &str, inputs: &Inputs, expected: &Outputs) -> String {
    let mut s = String::new();
    let desc = description.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(s, "description = \"{desc}\"");
    let _ = writeln!(s, "\n[compute]\nentry = \"{}\"", print::ENTRY);
    let _ = writeln!(
        s,
        "\n[[buffer]]\nbinding = 0\ndata = {}",
        toml_list(&chunks("u32", &inputs.words, word))
    );
    let _ = writeln!(
        s,
        "\n[[buffer]]\nbinding = 1\ndata = {}",
        toml_list(&chunks("f32", &inputs.floats, float))
    );
    let _ = writeln!(
        s,
        "\n[[buffer]]\nbinding = 2\nsize = {}",
        expected.out.len() * 4
    );
    let _ = writeln!(
        s,
        "\n[[buffer]]\nbinding = 3\nsize = {}",
        expected.fout.len() * 4
    );
    let _ = writeln!(
        s,
        "\n[[expect]]\nbuffer = 2\ndata = {}",
        toml_list(&chunks("u32", &expected.out, word))
    );
    let _ = writeln!(
        s,
        "\n[[expect]]\nbuffer = 3\ndata = {}",
        toml_list(&chunks("f32", &expected.fout, float))
    );
    s
}

/// Writes `c` as `dir/name.luma` and `dir/name.toml` and prepares it to run.
pub fn write_case(
    dir: &Path,
    name: &str,
    description: &str,
    c: &Case,
    expected: &Outputs,
) -> Result<Prepared, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let source = dir.join(format!("{name}.luma"));
    let spec_path = dir.join(format!("{name}.toml"));
    let text = print::case(c);
    std::fs::write(&source, text).map_err(|e| format!("cannot write {}: {e}", source.display()))?;
    let spec = spec_text(description, &c.inputs, expected);
    std::fs::write(&spec_path, &spec)
        .map_err(|e| format!("cannot write {}: {e}", spec_path.display()))?;
    let test = spec::parse(name, &spec_path, &spec).map_err(|e| e.to_string())?;
    Ok(Prepared {
        source,
        test,
        inputs: c.inputs.clone(),
        expected: expected.clone(),
    })
}

fn words_of(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| {
            let mut w = [0u8; 4];
            w.copy_from_slice(c);
            u32::from_le_bytes(w)
        })
        .collect()
}

/// Loads a saved program: `spec_path` names its `.toml`; the source is the `.luma` beside it.
pub fn load(spec_path: &Path) -> Result<Prepared, String> {
    let test: Test = spec::load(spec_path).map_err(|e| e.to_string())?;
    let source = test
        .luma
        .clone()
        .ok_or_else(|| format!("{}: no Luma source beside it", spec_path.display()))?;
    let buffer = |binding: u32| -> Result<Vec<u8>, String> {
        test.buffers
            .iter()
            .find(|b| b.slot.set == 0 && b.slot.binding == binding)
            .map(|b| b.bytes.clone())
            .ok_or_else(|| format!("{}: no buffer at binding {binding}", spec_path.display()))
    };
    let expect = |binding: u32| -> Result<Vec<u8>, String> {
        test.expects
            .iter()
            .find(|e| {
                matches!(e.at, ExpectWhere::Buffer { slot, offset: 0 }
                    if slot.set == 0 && slot.binding == binding)
            })
            .map(|e| e.data.to_bytes())
            .ok_or_else(|| {
                format!(
                    "{}: no expectation for binding {binding}",
                    spec_path.display()
                )
            })
    };
    let inputs = Inputs {
        words: words_of(&buffer(0)?),
        floats: words_of(&buffer(1)?)
            .into_iter()
            .map(f32::from_bits)
            .collect(),
    };
    let expected = Outputs {
        out: words_of(&expect(2)?),
        fout: words_of(&expect(3)?)
            .into_iter()
            .map(f32::from_bits)
            .collect(),
    };
    Ok(Prepared {
        source,
        test,
        inputs,
        expected,
    })
}

/// The saved programs in `dir` (their `.toml` specs), sorted.
pub fn saved(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}
