//! `luma-bench`: runs the benchmark and writes the report (`luma-bench run`, the default),
//! writes a generated shader (`luma-bench generate`), or measures one command
//! (`luma-bench probe -- CMD ARGS...`, used by the benchmark itself).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use luma_bench::corpus::Sizes;
use luma_bench::generate::{self, DEFAULT_SEED};
use luma_bench::run::{run_all, Config};
use luma_bench::stats::Budget;
use luma_bench::tools::{Machine, Tools};
use luma_bench::{process, report};

// The allocator of the `luma` binary, so that in-process figures are what the binary does;
// naga, measured in this same process, runs under it too.
#[global_allocator]
static ALLOCATOR: luma_bench::memory::CountingAllocator = luma_bench::memory::CountingAllocator;

const USAGE: &str = "\
usage:
  luma-bench [run] [--quick] [--out FILE] [--work DIR] [--luma PATH] [--large-lines N]
             [--scales A,B,C] [--small-limit N]
      Measures everything and writes the report (default docs/benchmarks.md).
      --quick: one warm-up and three runs per measurement (not for the committed report).
  luma-bench generate (--lines N | --modules N) [--seed N] [-o FILE]
      Writes a generated benchmark shader (standard output by default).
  luma-bench stages FILE [--quick]
      Times each stage of compiling FILE (parse, check, lower, optimise, back ends).
  luma-bench memory FILE
      Prints the heap live after each stage of compiling FILE to every target, and its peak.
  luma-bench probe -- CMD [ARGS...]
      Runs CMD and prints `wall_ns user_ns sys_ns max_rss_bytes`.";

/// The workspace root: two levels above this crate.
fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.ancestors()
        .nth(2)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| here.to_path_buf())
}

fn value(args: &mut impl Iterator<Item = OsString>, flag: &str) -> Result<String, String> {
    args.next()
        .map(|v| v.to_string_lossy().into_owned())
        .ok_or_else(|| format!("{flag} needs a value"))
}

fn number(text: &str, flag: &str) -> Result<usize, String> {
    text.replace('_', "")
        .parse()
        .map_err(|_| format!("{flag}: `{text}` is not a number"))
}

fn run(args: Vec<OsString>) -> Result<(), String> {
    let root = workspace_root();
    let mut out = root.join("docs/benchmarks.md");
    let mut work = root.join("target/bench");
    let mut luma = None;
    let mut budget = Budget::FULL;
    let mut sizes = Sizes::full();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.to_string_lossy().as_ref() {
            "--quick" => budget = Budget::QUICK,
            "--out" => out = PathBuf::from(value(&mut args, "--out")?),
            "--work" => work = PathBuf::from(value(&mut args, "--work")?),
            "--luma" => luma = Some(PathBuf::from(value(&mut args, "--luma")?)),
            "--large-lines" => {
                sizes.large_lines = number(&value(&mut args, "--large-lines")?, "--large-lines")?
            }
            "--small-limit" => {
                sizes.small_limit = Some(number(
                    &value(&mut args, "--small-limit")?,
                    "--small-limit",
                )?)
            }
            "--scales" => {
                sizes.scales = value(&mut args, "--scales")?
                    .split(',')
                    .map(|s| number(s.trim(), "--scales"))
                    .collect::<Result<_, _>>()?
            }
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    let probe = std::env::current_exe()
        .map_err(|e| format!("cannot find the benchmark's own executable: {e}"))?;
    let tools = Tools::find(luma, probe)?;
    let machine = Machine::describe(&root);
    eprintln!(
        "luma-bench: {} ({} cores); luma {}, naga {}, {}",
        machine.cpu,
        machine.cores,
        tools.luma.path.display(),
        tools.naga.version,
        tools.glslang.version
    );
    let config = Config {
        work,
        budget,
        count_limit_bytes: 4 << 20,
    };
    let mut log = |line: &str| eprintln!("{line}");
    let results = run_all(&root, &config, &sizes, DEFAULT_SEED, &tools, &mut log)?;
    let text = report::render(&results, &machine, &tools, &budget);
    if let Some(parent) = out.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(&out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    eprintln!("luma-bench: wrote {}", out.display());
    Ok(())
}

fn generate_cmd(args: Vec<OsString>) -> Result<(), String> {
    let mut lines = None;
    let mut modules = None;
    let mut seed = DEFAULT_SEED;
    let mut out = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.to_string_lossy().as_ref() {
            "--lines" => lines = Some(number(&value(&mut args, "--lines")?, "--lines")?),
            "--modules" => modules = Some(number(&value(&mut args, "--modules")?, "--modules")?),
            "--seed" => seed = number(&value(&mut args, "--seed")?, "--seed")? as u64,
            "-o" => out = Some(PathBuf::from(value(&mut args, "-o")?)),
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    let modules = match (lines, modules) {
        (_, Some(m)) => m,
        (Some(l), None) => generate::modules_for_lines(l, seed),
        (None, None) => return Err(format!("generate needs --lines or --modules\n{USAGE}")),
    };
    let text = generate::generate(modules, seed);
    match out {
        Some(path) => {
            std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

fn stages_cmd(args: Vec<OsString>) -> Result<(), String> {
    let mut budget = Budget::FULL;
    let mut file = None;
    for arg in args {
        match arg.to_string_lossy().as_ref() {
            "--quick" => budget = Budget::QUICK,
            _ => file = Some(PathBuf::from(arg)),
        }
    }
    let path = file.ok_or_else(|| format!("stages needs a FILE\n{USAGE}"))?;
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let source = luma_bench::corpus::Source { path, text };
    let stages = luma_bench::stages::breakdown(&source, &[], &budget)?;
    let total: f64 = stages
        .iter()
        .filter(|(name, _)| luma_bench::stages::counted(name))
        .map(|(_, s)| s.secs())
        .sum();
    for (name, sample) in stages {
        println!(
            "{name:<58} {:>10.3} ms CPU {:>5.1}%  ({:.3} ms wall)",
            sample.secs() * 1e3,
            sample.secs() / total.max(f64::MIN_POSITIVE) * 100.0,
            sample.wall_secs() * 1e3
        );
    }
    Ok(())
}

fn memory_cmd(args: Vec<OsString>) -> Result<(), String> {
    let [file] = args.as_slice() else {
        return Err(format!("memory needs one FILE\n{USAGE}"));
    };
    let path = PathBuf::from(file);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mib = |bytes: usize| bytes as f64 / (1024.0 * 1024.0);
    let per_byte = |bytes: usize| bytes as f64 / text.len().max(1) as f64;
    println!(
        "{:<22} {:>14} {:>14} {:>10}",
        "stage", "live after", "peak during", "peak B/B"
    );
    let heaps = luma_bench::memory::by_stage(&path.to_string_lossy(), &text, &[])?
        .ok_or("no allocation was counted")?;
    for heap in heaps {
        println!(
            "{:<22} {:>10.1} MiB {:>10.1} MiB {:>10.1}",
            heap.stage,
            mib(heap.live_after),
            mib(heap.peak_during),
            per_byte(heap.peak_during)
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let command = args
        .first()
        .map(|a| a.to_string_lossy().into_owned())
        .unwrap_or_default();
    let result = match command.as_str() {
        "probe" => {
            let rest: Vec<OsString> = args.into_iter().skip(1).skip_while(|a| a == "--").collect();
            return process::probe_main(&rest);
        }
        "generate" => generate_cmd(args.split_off(1)),
        "stages" => stages_cmd(args.split_off(1)),
        "memory" => memory_cmd(args.split_off(1)),
        "run" => run(args.split_off(1)),
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        _ => run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("luma-bench: error: {e}");
            ExitCode::FAILURE
        }
    }
}
