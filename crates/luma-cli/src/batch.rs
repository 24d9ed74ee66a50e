//! `luma compile`: many inputs and specialization permutations compiled in parallel, outputs
//! written in a deterministic order, with depfiles, a manifest and content hashes.

use std::collections::BTreeMap;
use std::path::Path;

use lumac::{SpecValue, Target};
use rayon::prelude::*;
use serde::Serialize;

use crate::input::{self, Source};
use crate::{diag::Printer, CompileArgs, Failure, TargetArg};

/// Parses `--spec ID=VALUE` arguments; a later value for the same id wins.
pub fn parse_specs(specs: &[String]) -> Result<BTreeMap<u32, SpecValue>, Failure> {
    let mut out = BTreeMap::new();
    for s in specs {
        let (id, value) = lumac::parse_spec_assignment(s)
            .map_err(|e| Failure::Usage(format!("invalid --spec: {e}")))?;
        out.insert(id, value);
    }
    Ok(out)
}

/// The cartesian product of `--spec-matrix ID=V1,V2,...` arguments, in argument order; one
/// empty permutation when there are none.
/// One baked specialization value: id, value, and the value as written (for file names).
type SpecChoice = (u32, SpecValue, String);

fn permutations(matrix: &[String]) -> Result<Vec<Vec<SpecChoice>>, Failure> {
    let mut perms: Vec<Vec<SpecChoice>> = vec![Vec::new()];
    for arg in matrix {
        let (id, values) = arg.split_once('=').ok_or_else(|| {
            Failure::Usage(format!(
                "invalid --spec-matrix `{arg}`: expected ID=V1,V2,..."
            ))
        })?;
        let mut choices = Vec::new();
        for v in values.split(',') {
            let (id, value) = lumac::parse_spec_assignment(&format!("{id}={v}"))
                .map_err(|e| Failure::Usage(format!("invalid --spec-matrix: {e}")))?;
            choices.push((id, value, v.trim().to_string()));
        }
        let mut next: Vec<Vec<SpecChoice>> = Vec::with_capacity(perms.len() * choices.len());
        for p in &perms {
            for c in &choices {
                let mut q = p.clone();
                q.push(c.clone());
                next.push(q);
            }
        }
        perms = next;
        if perms.len() > 65536 {
            return Err(Failure::Usage(
                "--spec-matrix asks for more than 65536 permutations".to_string(),
            ));
        }
    }
    Ok(perms)
}

fn parse_spirv_version(text: &str) -> Result<(u8, u8), Failure> {
    let bad = || {
        Failure::Usage(format!(
            "invalid --spirv-version `{text}`: expected 1.0, 1.1, 1.2, 1.3, 1.4, 1.5 or 1.6"
        ))
    };
    let (major, minor) = text.split_once('.').ok_or_else(bad)?;
    let major: u8 = major.parse().map_err(|_| bad())?;
    let minor: u8 = minor.parse().map_err(|_| bad())?;
    if major != 1 || minor > 6 {
        return Err(bad());
    }
    Ok((major, minor))
}

fn targets(args: &[TargetArg]) -> Vec<Target> {
    let mut out: Vec<Target> = Vec::new();
    for t in args {
        let add: &[Target] = match t {
            TargetArg::All => &Target::ALL,
            TargetArg::Spirv => &[Target::Spirv],
            TargetArg::Glsl => &[Target::Glsl],
            TargetArg::Hlsl => &[Target::Hlsl],
            TargetArg::Msl => &[Target::Msl],
            TargetArg::Wgsl => &[Target::Wgsl],
        };
        out.extend_from_slice(add);
    }
    out.sort();
    out.dedup();
    out
}

/// Where outputs go.
enum Destination {
    Stdout,
    File(String),
    Dir(String),
}

/// One manifest row.
#[derive(Serialize)]
struct ManifestEntry {
    input: String,
    spec: BTreeMap<String, String>,
    target: &'static str,
    entry_point: Option<String>,
    stage: Option<&'static str>,
    path: String,
    sha256: String,
}

struct Job {
    input: usize,
    spec: Vec<SpecChoice>,
}

pub fn compile(args: CompileArgs, printer: &Printer) -> Result<(), Failure> {
    let targets = targets(&args.targets);
    let mut options = lumac::Options {
        include_dirs: args.source.include_dirs.clone(),
        opt_level: args.opt.into(),
        spec_values: parse_specs(&args.spec)?,
        debug: args.debug,
        line_directives: args.line_directives,
        entry_point: args.entry.clone(),
        stage: args.stage.map(Into::into),
        spirv_version: parse_spirv_version(&args.spirv_version)?,
        bounds_checks: !args.no_bounds_checks,
        ..lumac::Options::default()
    };
    let _ = args.deterministic; // Always true; the flag exists for build systems that pass it.
    let perms = permutations(&args.spec_matrix)?;
    if args.inputs.iter().filter(|i| *i == "-").count() > 1 {
        return Err(Failure::Usage(
            "standard input (`-`) can be read only once".to_string(),
        ));
    }
    let sources: Vec<Source> = args
        .inputs
        .iter()
        .map(|name| input::read(name))
        .collect::<Result<_, _>>()?;

    let jobs: Vec<Job> = (0..sources.len())
        .flat_map(|input| {
            perms.iter().map(move |spec| Job {
                input,
                spec: spec.clone(),
            })
        })
        .collect();

    let run = |job: &Job| {
        let mut opts = options.clone();
        for (id, value, _) in &job.spec {
            opts.spec_values.insert(*id, *value);
        }
        let source = sources.get(job.input);
        let (name, text) = source.map_or(("", ""), |s| (s.name.as_str(), s.text.as_str()));
        lumac::compile(name, text, &lumac::FsReader, &opts, &targets)
    };
    let results: Vec<lumac::CompileResult> = match args.jobs {
        Some(n) => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n.max(1))
                .build()
                .map_err(|e| Failure::Usage(format!("cannot start {n} threads: {e}")))?;
            pool.install(|| jobs.par_iter().map(run).collect())
        }
        None => jobs.par_iter().map(run).collect(),
    };
    options.spec_values.clear();

    let total_outputs: usize = results.iter().map(|r| r.outputs.len()).sum();
    let destination = match (&args.output, &args.out_dir) {
        (Some(o), _) if o == "-" => Destination::Stdout,
        (Some(o), _) if o.ends_with('/') || Path::new(o).is_dir() => Destination::Dir(o.clone()),
        (Some(o), _) => Destination::File(o.clone()),
        (None, Some(d)) => Destination::Dir(d.clone()),
        (None, None) => Destination::Dir(".".to_string()),
    };
    let single_output_needed = matches!(destination, Destination::Stdout | Destination::File(_));

    let mut failed = false;
    let mut written: Vec<(String, String)> = Vec::new();
    let mut manifest = Vec::new();
    let mut deps: Vec<String> = Vec::new();
    let batch = jobs.len() > 1;
    let hash_to_stderr = matches!(destination, Destination::Stdout);
    for (job, result) in jobs.iter().zip(&results) {
        let source = sources.get(job.input);
        let name = source.map_or("", |s| s.name.as_str());
        let label = if job.spec.is_empty() {
            name.to_string()
        } else {
            let spec: Vec<String> = job
                .spec
                .iter()
                .map(|(id, _, v)| format!("{id}={v}"))
                .collect();
            format!("{name} [{}]", spec.join(" "))
        };
        let errors = result.error_count;
        let warnings = result
            .diagnostics
            .iter()
            .filter(|d| d.severity == lumac::Severity::Warning)
            .count();
        failed |= printer.print_slice(
            &label,
            &result.diagnostics,
            errors,
            warnings,
            &result.source_map,
        );
        if !result.success() {
            continue;
        }
        if args.hash {
            if let Some(hash) = &result.ir_hash {
                let line = format!("{}  {label}", luma_ir::hash::to_hex(hash));
                if hash_to_stderr {
                    eprintln!("{line}");
                } else {
                    println!("{line}");
                }
            }
        }
        if name != "<stdin>" && !deps.iter().any(|d| d == name) {
            deps.push(name.to_string());
        }
        for inc in &result.includes {
            if !deps.contains(inc) {
                deps.push(inc.clone());
            }
        }
        if single_output_needed && total_outputs != 1 {
            continue;
        }
        let stem = stem_of(name, &job.spec);
        for out in &result.outputs {
            let path = match &destination {
                Destination::Stdout => "-".to_string(),
                Destination::File(f) => f.clone(),
                Destination::Dir(d) => Path::new(d)
                    .join(out.file_name(&stem))
                    .to_string_lossy()
                    .into_owned(),
            };
            if path == "-" {
                input::write_stdout(out.data.as_bytes())?;
            } else {
                input::write_file(&path, out.data.as_bytes())?;
            }
            manifest.push(ManifestEntry {
                input: name.to_string(),
                spec: job
                    .spec
                    .iter()
                    .map(|(id, _, v)| (id.to_string(), v.clone()))
                    .collect(),
                target: out.target.name(),
                entry_point: out.entry_point.as_ref().map(|(e, _)| e.clone()),
                stage: out.entry_point.as_ref().map(|(_, s)| s.as_str()),
                path: path.clone(),
                sha256: out.hash_hex(),
            });
            written.push((path, out.hash_hex()));
        }
    }
    if single_output_needed && total_outputs > 1 && !failed {
        return Err(Failure::Usage(format!(
            "this compilation has {total_outputs} outputs; give a directory with `--out-dir DIR` \
             or `-o DIR/` instead of a single output file"
        )));
    }
    if batch && !hash_to_stderr {
        for (path, hash) in &written {
            println!("{hash}  {path}");
        }
    }
    if let Some(path) = &args.manifest {
        let text = serde_json::to_string_pretty(&manifest)
            .map_err(|e| Failure::Usage(format!("cannot encode the manifest: {e}")))?;
        input::write_file(path, format!("{text}\n").as_bytes())?;
    }
    if args.md || args.mf.is_some() {
        let outputs: Vec<String> = written.iter().map(|(p, _)| p.clone()).collect();
        let rule_targets = match &args.mt {
            Some(t) => vec![t.clone()],
            None => outputs.iter().filter(|p| *p != "-").cloned().collect(),
        };
        let depfile = match (&args.mf, outputs.first()) {
            (Some(f), _) => f.clone(),
            (None, Some(first)) if first != "-" => format!("{first}.d"),
            _ => {
                return Err(Failure::Usage(
                    "-MD needs an output file to name the depfile after; give -MF FILE".to_string(),
                ))
            }
        };
        if !rule_targets.is_empty() {
            input::write_file(
                &depfile,
                crate::depfile::render(&rule_targets, &deps).as_bytes(),
            )?;
        }
    }
    if failed {
        Err(Failure::Diagnostics)
    } else {
        Ok(())
    }
}

/// The file stem of an input, with a suffix per baked permutation value (`blur.s0_4.s1_true`).
fn stem_of(name: &str, spec: &[SpecChoice]) -> String {
    let base = if name == "<stdin>" {
        "stdin".to_string()
    } else {
        Path::new(name)
            .file_stem()
            .map_or_else(|| "out".to_string(), |s| s.to_string_lossy().into_owned())
    };
    let mut stem = base;
    for (id, _, value) in spec {
        let clean: String = value
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        stem.push_str(&format!(".s{id}_{clean}"));
    }
    stem
}
