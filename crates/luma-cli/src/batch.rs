//! `luma compile`: many inputs and specialization permutations compiled in parallel, outputs
//! written in a deterministic order, with depfiles, a manifest and content hashes.
//!
//! Every input × permutation is one job; jobs run on a rayon pool and their results are
//! reported in argument order, so output never depends on scheduling. Nothing is written until
//! every output's path is known: a single-file `-o` with several outputs, or two outputs that
//! would land on one path, is a usage error before any file changes.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use lumac::{Output, SpecValue, Target};
use rayon::prelude::*;
use serde::Serialize;
use sha2::{Digest, Sha256};

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

/// One baked specialization value: id, value, and the value as written (for file names).
type SpecChoice = (u32, SpecValue, String);

/// Most permutations one run may ask for.
const MAX_PERMUTATIONS: usize = 65536;

/// The cartesian product of `--spec-matrix ID=V1,V2,...` arguments, in argument order; one
/// empty permutation when there are none.
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
        // A second `--spec-matrix` for one id would override the first one's value in every
        // permutation while the file names still showed it: outputs named for different
        // values would hold the same program.
        if let Some(&(id, ..)) = choices.first() {
            if perms
                .first()
                .is_some_and(|p| p.iter().any(|(seen, ..)| *seen == id))
            {
                return Err(Failure::Usage(format!(
                    "--spec-matrix gives id {id} twice: list all its values in one \
                     `--spec-matrix {id}=V1,V2,...`"
                )));
            }
        }
        if perms.len().saturating_mul(choices.len()) > MAX_PERMUTATIONS {
            return Err(Failure::Usage(format!(
                "--spec-matrix asks for more than {MAX_PERMUTATIONS} permutations"
            )));
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
    }
    Ok(perms)
}

/// Parses `MAJOR.MINOR` for a version flag, accepting only `major` and minors up to `max_minor`.
fn parse_version(flag: &str, text: &str, major: u8, max_minor: u8) -> Result<(u8, u8), Failure> {
    let bad = || {
        Failure::Usage(format!(
            "invalid --{flag} `{text}`: expected {major}.0 to {major}.{max_minor}"
        ))
    };
    let (ma, mi) = text.split_once('.').ok_or_else(bad)?;
    let ma: u8 = ma.parse().map_err(|_| bad())?;
    let mi: u8 = mi.parse().map_err(|_| bad())?;
    if ma != major || mi > max_minor {
        return Err(bad());
    }
    Ok((ma, mi))
}

/// Parses `GROUP,BINDING` (`--hlsl-num-workgroups`).
pub fn parse_binding(text: &str) -> Result<lumac::ResourceBinding, Failure> {
    let bad = || {
        Failure::Usage(format!(
            "invalid --hlsl-num-workgroups `{text}`: expected GROUP,BINDING such as 1,0"
        ))
    };
    let (group, binding) = text.split_once(',').ok_or_else(bad)?;
    Ok(lumac::ResourceBinding {
        group: group.trim().parse().map_err(|_| bad())?,
        binding: binding.trim().parse().map_err(|_| bad())?,
    })
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

/// The manifest written by `--manifest` (schema `luma-manifest/1`, documented in `docs/cli.md`).
#[derive(Serialize)]
struct Manifest {
    schema: &'static str,
    outputs: Vec<ManifestEntry>,
}

/// One manifest row: one written output.
#[derive(Serialize)]
struct ManifestEntry {
    input: String,
    spec: BTreeMap<String, String>,
    target: &'static str,
    entry_point: Option<String>,
    stage: Option<&'static str>,
    entry_points: Vec<ManifestEntryPoint>,
    path: String,
    sha256: String,
    ir_sha256: String,
}

/// An entry point of one output.
#[derive(Serialize)]
struct ManifestEntryPoint {
    name: String,
    stage: &'static str,
    target_name: Option<String>,
    profile: Option<String>,
}

/// One compilation: an input with one permutation of `--spec-matrix` values.
struct Job {
    input: usize,
    spec: Vec<SpecChoice>,
}

/// An output (or a reflection) with the path it goes to.
struct Planned<'a> {
    job: usize,
    /// The compiled output; `None` for the reflection JSON.
    output: Option<&'a Output>,
    bytes: &'a [u8],
    path: String,
}

impl Planned<'_> {
    /// SHA-256 of the bytes as lowercase hex, for the report and the manifest (computed only
    /// for them: hashing a large SPIR-V output costs about a tenth of compiling it).
    fn sha256(&self) -> String {
        lumac::hex(&Sha256::digest(self.bytes))
    }
}

/// Builds the library options from the flags.
fn options(args: &CompileArgs) -> Result<lumac::Options, Failure> {
    Ok(lumac::Options {
        opt_level: args.opt.into(),
        spec_values: parse_specs(&args.spec)?,
        debug: args.debug,
        line_directives: args.line_directives,
        entry_point: args.entry.clone(),
        stage: args.stage.map(Into::into),
        spirv_version: parse_version("spirv-version", &args.spirv_version, 1, 6)?,
        bounds_checks: !args.no_bounds_checks,
        hlsl_shader_model: args
            .hlsl_shader_model
            .as_deref()
            .map(|v| parse_version("hlsl-shader-model", v, 6, 8))
            .transpose()?,
        hlsl_num_workgroups: args
            .hlsl_num_workgroups
            .as_deref()
            .map(parse_binding)
            .transpose()?,
        msl_version: parse_version("msl-version", &args.msl_version, 2, 4)?,
        reflect: args.reflect,
        ..crate::base_options(&args.source)?
    })
}

/// Runs `luma compile`.
pub fn compile(args: CompileArgs, printer: &Printer) -> Result<(), Failure> {
    let targets = targets(&args.targets);
    let options = options(&args)?;
    // `--deterministic` changes nothing: output is always a pure function of the inputs.
    let _ = args.deterministic;
    let perms = permutations(&args.spec_matrix)?;
    // A `--spec` value holds for every output; one that `--spec-matrix` varies would be
    // silently replaced in each.
    if let Some((id, ..)) = perms.first().and_then(|p| {
        p.iter()
            .find(|(id, ..)| options.spec_values.contains_key(id))
    }) {
        return Err(Failure::Usage(format!(
            "specialization constant {id} is both baked with --spec and varied with \
             --spec-matrix: give it one of them"
        )));
    }
    let destination = match (&args.output, &args.out_dir) {
        (Some(o), _) if o == "-" => Destination::Stdout,
        (Some(o), _) if o.ends_with('/') || Path::new(o).is_dir() => Destination::Dir(o.clone()),
        (Some(o), _) => Destination::File(o.clone()),
        (None, Some(d)) => Destination::Dir(d.clone()),
        (None, None) => Destination::Dir(".".to_string()),
    };
    let depfile_wanted = args.md || args.mf.is_some();
    let rule_targets: Vec<String> = args
        .mt
        .iter()
        .cloned()
        .chain(args.mq.iter().map(|t| crate::depfile::escape(t)))
        .collect();
    if depfile_wanted && matches!(destination, Destination::Stdout) {
        if args.mf.is_none() {
            return Err(Failure::Usage(
                "-MD with output to standard output needs -MF FILE to name the depfile".to_string(),
            ));
        }
        if rule_targets.is_empty() {
            return Err(Failure::Usage(
                "-MD with output to standard output needs -MT TARGET to name the rule".to_string(),
            ));
        }
    }
    // `-MF -` and `--manifest -` write to standard output, as `-MF -` does for the C
    // compilers: only one thing can go there.
    let stdout_writers: Vec<&str> = [
        (matches!(destination, Destination::Stdout), "-o -"),
        (args.mf.as_deref() == Some("-"), "-MF -"),
        (args.manifest.as_deref() == Some("-"), "--manifest -"),
    ]
    .into_iter()
    .filter_map(|(taken, flag)| taken.then_some(flag))
    .collect();
    if let [first, second, ..] = stdout_writers.as_slice() {
        return Err(Failure::Usage(format!(
            "`{first}` and `{second}` both write to standard output; send one of them to a file"
        )));
    }
    input::stdin_at_most_once(&args.inputs)?;
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
        let (name, text) = sources.get(job.input).map_or(("", Arc::from("")), |s| {
            (s.name.as_str(), Arc::clone(&s.text))
        });
        lumac::compile_shared(name, text, &lumac::FsReader, &opts, &targets)
    };
    let results: Vec<lumac::CompileResult> = match args.jobs {
        // One job (the usual build-script call: one file, no permutations) runs on this thread:
        // starting a pool would cost more than the compilation of a small shader.
        _ if jobs.len() <= 1 => jobs.iter().map(run).collect(),
        Some(n) => {
            // No more threads than jobs: each thread costs a stack and a start-up, and a
            // large `-j` on a short list would start them all for nothing.
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n.clamp(1, jobs.len()))
                .build()
                .map_err(|e| Failure::Usage(format!("cannot start {n} threads: {e}")))?;
            pool.install(|| jobs.par_iter().map(run).collect())
        }
        None => jobs.par_iter().map(run).collect(),
    };

    let name_of = |job: &Job| {
        sources
            .get(job.input)
            .map_or("", |s| s.name.as_str())
            .to_string()
    };
    let label_of = |job: &Job| {
        crate::diag::spec_label(
            &name_of(job),
            job.spec.iter().map(|(id, _, v)| (*id, v.as_str())),
        )
    };

    // Diagnostics, in argument order.
    let mut failed = false;
    for (job, result) in jobs.iter().zip(&results) {
        let spec: Vec<(u32, &str)> = job
            .spec
            .iter()
            .map(|(id, _, v)| (*id, v.as_str()))
            .collect();
        failed |= printer.print_slice(
            &name_of(job),
            &spec,
            &result.diagnostics,
            result.error_count,
            result.warning_count,
            &result.source_map,
        );
    }

    // Every output's path, before anything is written.
    let reflections: Vec<Option<String>> = results
        .iter()
        .map(|r| r.reflection.as_ref().map(|x| x.to_json()))
        .collect();
    let path_for = |file_name: String| match &destination {
        Destination::Stdout => "-".to_string(),
        Destination::File(f) => f.clone(),
        Destination::Dir(d) => Path::new(d).join(file_name).to_string_lossy().into_owned(),
    };
    let mut planned: Vec<Planned> = Vec::new();
    for (index, (job, result)) in jobs.iter().zip(&results).enumerate() {
        let stem = stem_of(&name_of(job), &job.spec);
        for output in &result.outputs {
            planned.push(Planned {
                job: index,
                output: Some(output),
                bytes: output.data.as_bytes(),
                path: path_for(output.file_name(&stem)),
            });
        }
        if let Some(Some(json)) = reflections.get(index) {
            planned.push(Planned {
                job: index,
                output: None,
                bytes: json.as_bytes(),
                path: path_for(format!("{stem}.reflect.json")),
            });
        }
    }
    // A failed compilation has no outputs, but would have one per target and its reflection
    // once fixed: count those too, so that whether the outputs fit one file does not depend on
    // which inputs compile (`a.luma b.luma -o x.spv` wrote `a`'s output while `b` failed).
    let failed_jobs = results.iter().filter(|r| !r.success()).count();
    let outputs_at_least =
        planned.len() + failed_jobs * (targets.len() + usize::from(args.reflect));
    if matches!(destination, Destination::Stdout | Destination::File(_)) && outputs_at_least > 1 {
        let what = if matches!(destination, Destination::Stdout) {
            "standard output"
        } else {
            "one output file"
        };
        let count = if failed_jobs == 0 {
            format!("{outputs_at_least} outputs")
        } else {
            format!("at least {outputs_at_least} outputs once its sources compile")
        };
        return Err(Failure::Usage(format!(
            "this compilation has {count}, which do not fit {what}; give a directory with \
             `--out-dir DIR` (or `-o DIR/`), or one target and `--entry NAME`"
        )));
    }
    let mut claimed: BTreeMap<&str, usize> = BTreeMap::new();
    for p in &planned {
        if let Some(&other) = claimed.get(p.path.as_str()) {
            let first = jobs.get(other).map(label_of).unwrap_or_default();
            let second = jobs.get(p.job).map(label_of).unwrap_or_default();
            let same_input = matches!(
                (jobs.get(other), jobs.get(p.job)),
                (Some(a), Some(b)) if a.input == b.input
            );
            // Permutations of one input differ only in their values, which file names keep
            // as letters, digits and `_`: another directory would not separate them.
            let fix = if same_input {
                "write the `--spec-matrix` values so that they differ in letters or digits \
                 (file names replace other characters with `_`), or compile them separately"
            } else {
                "compile them with different output directories"
            };
            return Err(Failure::Usage(format!(
                "`{first}` and `{second}` would both be written to `{}`; {fix}",
                p.path
            )));
        }
        claimed.insert(&p.path, p.job);
    }
    check_other_writes(
        &args,
        depfile_wanted,
        &jobs,
        &planned,
        &sources,
        &results,
        &label_of,
    )?;

    for p in &planned {
        if p.path == "-" {
            input::write_stdout(p.bytes)?;
        } else {
            input::write_file(&p.path, p.bytes)?;
        }
    }

    // The report: `--hash` IR lines and `sha256sum`-style output lines, to standard output
    // unless that holds the compiled output, the depfile or the manifest.
    let to_stderr = !stdout_writers.is_empty();
    let mut report = String::new();
    let report_outputs = args.hash || planned.len() > 1;
    for (index, (job, result)) in jobs.iter().zip(&results).enumerate() {
        if args.hash {
            if let Some(hash) = result.ir_hash() {
                // Not a file's line (`sha256sum -c` skips it), but its name is escaped alike.
                report.push_str("ir:");
                report.push_str(&sha256sum_line(&lumac::hex(&hash), &label_of(job)));
            }
        }
        if report_outputs {
            for p in planned.iter().filter(|p| p.job == index) {
                report.push_str(&sha256sum_line(&p.sha256(), &p.path));
            }
        }
    }
    if !report.is_empty() {
        if to_stderr {
            crate::diag::write_stderr(&report);
        } else {
            input::write_stdout(report.as_bytes())?;
        }
    }

    if let Some(path) = &args.manifest {
        // One IR hash per job, not per output: each costs a print of the whole module.
        let ir_hashes: Vec<String> = results
            .iter()
            .map(|r| r.ir_hash().map(|h| lumac::hex(&h)).unwrap_or_default())
            .collect();
        let manifest = Manifest {
            schema: "luma-manifest/1",
            outputs: planned
                .iter()
                .map(|p| manifest_entry(p, &jobs, &ir_hashes, &name_of))
                .collect(),
        };
        let text = serde_json::to_string_pretty(&manifest)
            .map_err(|e| Failure::Usage(format!("cannot encode the manifest: {e}")))?;
        input::write_file_or_stdout(path, format!("{text}\n").as_bytes())?;
    }

    // Like the C compilers, no depfile for a failed compilation (the build reruns it anyway);
    // the inputs that compiled get theirs, as they get their outputs.
    if depfile_wanted {
        write_depfiles(&args, &rule_targets, &jobs, &results, &planned, &name_of)?;
    }
    if failed {
        Err(Failure::Diagnostics)
    } else {
        Ok(())
    }
}

/// One line of the hash report in the format GNU `sha256sum` writes, so `sha256sum -c` reads
/// it back: `HASH  NAME`, or when the name holds a backslash, a line feed or a carriage return,
/// a leading `\\` and those written `\\\\`, `\\n` and `\\r` (a line break would otherwise end the
/// line in the middle of the name).
fn sha256sum_line(hash: &str, name: &str) -> String {
    if !name.contains(['\\', '\n', '\r']) {
        return format!("{hash}  {name}\n");
    }
    let mut escaped = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        match c {
            '\\' => escaped.push_str("\\\\"),
            '\n' => escaped.push_str("\\n"),
            '\r' => escaped.push_str("\\r"),
            c => escaped.push(c),
        }
    }
    format!("\\{hash}  {escaped}\n")
}

fn manifest_entry(
    p: &Planned,
    jobs: &[Job],
    ir_hashes: &[String],
    name_of: &dyn Fn(&Job) -> String,
) -> ManifestEntry {
    let job = jobs.get(p.job);
    ManifestEntry {
        input: job.map(name_of).unwrap_or_default(),
        spec: job
            .map(|j| {
                j.spec
                    .iter()
                    .map(|(id, _, v)| (id.to_string(), v.clone()))
                    .collect()
            })
            .unwrap_or_default(),
        target: p.output.map_or("reflection", |o| o.target.name()),
        entry_point: p
            .output
            .and_then(|o| o.entry_point.as_ref())
            .map(|(e, _)| e.clone()),
        stage: p
            .output
            .and_then(|o| o.entry_point.as_ref())
            .map(|(_, s)| s.as_str()),
        entry_points: p
            .output
            .map(|o| {
                o.entry_points
                    .iter()
                    .map(|e| ManifestEntryPoint {
                        name: e.name.clone(),
                        stage: e.stage.as_str(),
                        target_name: e.target_name.clone(),
                        profile: e.profile.clone(),
                    })
                    .collect()
            })
            .unwrap_or_default(),
        path: p.path.clone(),
        sha256: p.sha256(),
        ir_sha256: ir_hashes.get(p.job).cloned().unwrap_or_default(),
    }
}

/// Writes the depfile(s): with `-MF FILE` one file holding a rule per job (or one rule for the
/// `-MT` targets); without it one file per job, named after its first output with the
/// extension replaced by `.d` (`out/blur.spv` -> `out/blur.d`), as the C compilers do.
fn write_depfiles(
    args: &CompileArgs,
    rule_targets: &[String],
    jobs: &[Job],
    results: &[lumac::CompileResult],
    planned: &[Planned],
    name_of: &dyn Fn(&Job) -> String,
) -> Result<(), Failure> {
    let deps_of = |index: usize| -> Vec<String> {
        let mut deps = Vec::new();
        if let Some(job) = jobs.get(index) {
            let name = name_of(job);
            if name != "<stdin>" {
                deps.push(name);
            }
        }
        if let Some(result) = results.get(index) {
            deps.extend(result.includes.iter().cloned());
        }
        deps
    };
    let outputs_of = |index: usize| -> Vec<String> {
        planned
            .iter()
            .filter(|p| p.job == index)
            .map(|p| crate::depfile::escape(&p.path))
            .collect()
    };
    let rule_for = |index: usize| crate::depfile::Rule {
        targets: if rule_targets.is_empty() {
            outputs_of(index)
        } else {
            rule_targets.to_vec()
        },
        deps: deps_of(index),
        includes: results
            .get(index)
            .map(|r| r.includes.clone())
            .unwrap_or_default(),
    };
    match &args.mf {
        Some(file) => {
            let compiled = |index: &usize| results.get(*index).is_some_and(|r| r.success());
            let rules: Vec<crate::depfile::Rule> = if rule_targets.is_empty() {
                (0..jobs.len()).filter(compiled).map(rule_for).collect()
            } else if !(0..jobs.len()).all(|index| compiled(&index)) {
                // The one rule stands for every input: with one failed, its targets are not
                // all built.
                return Ok(());
            } else {
                // One rule for the named targets, depending on everything every job read.
                let mut all = crate::depfile::Rule {
                    targets: rule_targets.to_vec(),
                    deps: Vec::new(),
                    includes: Vec::new(),
                };
                for index in 0..jobs.len() {
                    let rule = rule_for(index);
                    all.deps.extend(rule.deps);
                    all.includes.extend(rule.includes);
                }
                vec![all]
            };
            if rules.is_empty() {
                return Ok(());
            }
            input::write_file_or_stdout(file, crate::depfile::render(&rules).as_bytes())
        }
        None => {
            for index in 0..jobs.len() {
                let Some(first) = planned.iter().find(|p| p.job == index) else {
                    continue;
                };
                let rule = rule_for(index);
                input::write_file(
                    &depfile_path(&first.path),
                    crate::depfile::render(&[rule]).as_bytes(),
                )?;
            }
            Ok(())
        }
    }
}

/// The depfile written beside an output when `-MF` names none: the output's path with its
/// last extension replaced by `.d` (`out/blur.spv` -> `out/blur.d`, `out/..spv` -> `out/..d`).
fn depfile_path(output: &str) -> String {
    let name_start = output.rfind('/').map_or(0, |i| i + 1);
    let (dir, name) = output.split_at(name_start);
    let base = match name.rfind('.') {
        Some(dot) if dot > 0 => name.get(..dot).unwrap_or(name),
        _ => name,
    };
    format!("{dir}{base}.d")
}

/// The device and inode of the file at `path`: equal for two hard links to one file.
#[cfg(unix)]
fn file_identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// Elsewhere only canonical paths tell files apart.
#[cfg(not(unix))]
fn file_identity(_path: &Path) -> Option<(u64, u64)> {
    None
}

/// A key under which two spellings of one file path compare equal: `.` components dropped,
/// and the directory resolved through the file system where it exists (`o/../o/a.spv`, links).
fn path_key(path: &str) -> PathBuf {
    let lexical: PathBuf = Path::new(path)
        .components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect();
    let (Some(dir), Some(name)) = (lexical.parent(), lexical.file_name()) else {
        return lexical;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    std::fs::canonicalize(dir).map_or(lexical.clone(), |d| d.join(name))
}

/// The manifest and depfiles must not land on an output, on each other, or on a source, and
/// no output may replace a source or a file it includes (`luma compile a.wgsl -t wgsl`): each
/// is a usage error, reported before anything is written.
fn check_other_writes(
    args: &CompileArgs,
    depfile_wanted: bool,
    jobs: &[Job],
    planned: &[Planned],
    sources: &[Source],
    results: &[lumac::CompileResult],
    label_of: &dyn Fn(&Job) -> String,
) -> Result<(), Failure> {
    let mut written: Vec<(String, String)> = planned
        .iter()
        .filter(|p| p.path != "-")
        .map(|p| {
            let label = jobs.get(p.job).map(label_of).unwrap_or_default();
            (p.path.clone(), format!("an output of `{label}`"))
        })
        .collect();
    let outputs = written.len();
    if let Some(manifest) = args.manifest.as_deref().filter(|m| *m != "-") {
        written.push((manifest.to_string(), "the manifest".to_string()));
    }
    if depfile_wanted {
        match args.mf.as_deref() {
            Some("-") => {}
            Some(file) => written.push((file.to_string(), "the depfile".to_string())),
            None => {
                for (index, job) in jobs.iter().enumerate() {
                    if let Some(first) = planned.iter().find(|p| p.job == index) {
                        written.push((
                            depfile_path(&first.path),
                            format!("the depfile of `{}`", label_of(job)),
                        ));
                    }
                }
            }
        }
    }
    let mut claimed: BTreeMap<PathBuf, usize> = BTreeMap::new();
    for (index, (path, what)) in written.iter().enumerate() {
        let key = path_key(path);
        // Outputs among themselves were checked with their own advice.
        if let Some(&other) = claimed.get(&key).filter(|_| index >= outputs) {
            let (other_path, other_what) = written.get(other).cloned().unwrap_or_default();
            return Err(Failure::Usage(format!(
                "{what} would be written to `{path}`, where {other_what} goes (`{other_path}`); \
                 give it another path"
            )));
        }
        claimed.entry(key).or_insert(index);
    }
    // Every file the compilations read: the inputs, and the files they include.
    let mut read: Vec<(PathBuf, String)> = Vec::new();
    for (job, result) in jobs.iter().zip(results) {
        let input = sources.get(job.input).map_or("", |s| s.name.as_str());
        read.extend(files_read(input, &result.includes));
    }
    for (path, what) in &written {
        refuse_overwriting_a_read_file(path, what, &read)?;
    }
    Ok(())
}

/// The files compiling `input` read, by canonical path, each with how an error names it: the
/// input (unless it is standard input) and the files it includes.
pub(crate) fn files_read(input: &str, includes: &[String]) -> Vec<(PathBuf, String)> {
    let mut read = Vec::new();
    if let Ok(file) = std::fs::canonicalize(input) {
        read.push((file, format!("the source `{input}`")));
    }
    for include in includes {
        if let Ok(file) = std::fs::canonicalize(include) {
            read.push((file, format!("`{include}`, which `{input}` includes")));
        }
    }
    read
}

/// A usage error when writing `what` to `path` would overwrite one of the files `read`.
pub(crate) fn refuse_overwriting_a_read_file(
    path: &str,
    what: &str,
    read: &[(PathBuf, String)],
) -> Result<(), Failure> {
    // Only a file that exists can be a source; through a link it is the file linked to.
    let Ok(target) = std::fs::canonicalize(path) else {
        return Ok(());
    };
    // A hard link is the same file under another name, which only its identity tells.
    let id = file_identity(&target);
    match read
        .iter()
        .find(|(file, _)| *file == target || (id.is_some() && file_identity(file) == id))
    {
        Some((_, source)) => Err(Failure::Usage(format!(
            "{what} would be written to `{path}`, which is {source}; give it another path"
        ))),
        None => Ok(()),
    }
}

/// The file stem of an input, with a suffix per baked permutation value (`blur.s0_4.s1_true`).
pub(crate) fn stem_of(name: &str, spec: &[SpecChoice]) -> String {
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
