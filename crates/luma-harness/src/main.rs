//! `luma-harness`: runs the execution corpus on the Vulkan device and prints a per-test,
//! per-path table (`--json` for a machine-readable report).
//!
//! ```text
//! cargo run -p luma-harness --release -- run tests/exec
//! cargo run -p luma-harness --release -- run tests/exec --json report.json --paths spirv,wgsl
//! LUMA_VK_DEVICE=nvidia cargo run -p luma-harness --release -- run tests/exec
//! cargo run -p luma-harness --release -- devices
//! ```

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use luma_opt::OptLevel;

use luma_harness::luma::Compiler;
use luma_harness::paths::Tools;
use luma_harness::report::Report;
use luma_harness::runner::{Runner, TestResult};
use luma_harness::spec::{self, PathKind};
use luma_harness::{Gpu, GpuOptions, Validation};

#[derive(Parser)]
#[command(
    name = "luma-harness",
    about = "Run Luma execution tests on a Vulkan device"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run execution tests: every `*.toml` spec in the given folders, or the given specs.
    Run {
        /// Spec files or folders of specs (default `tests/exec`).
        inputs: Vec<PathBuf>,
        /// Only tests whose name contains this.
        #[arg(long)]
        filter: Option<String>,
        /// Only these paths, comma-separated (spirv, glsl, hlsl, hlsl-slang, wgsl, ref-glsl, ref-spvasm).
        #[arg(long, value_delimiter = ',')]
        paths: Vec<String>,
        /// Write the JSON report to this file (`-` for stdout, instead of the table).
        #[arg(long)]
        json: Option<PathBuf>,
        /// Pick the device whose name contains this (also `LUMA_VK_DEVICE`).
        #[arg(long)]
        device: Option<String>,
        /// Run without the validation layer (it is required by default).
        #[arg(long)]
        no_validation: bool,
        /// Keep intermediate files (GLSL, HLSL, WGSL, SPIR-V) in this folder.
        #[arg(long)]
        keep: Option<PathBuf>,
        /// Luma optimisation level: none, basic or aggressive.
        #[arg(long, default_value = "basic")]
        opt: String,
        /// SPIR-V version of the spirv path, 1.0 to 1.6 (default: the back end's, 1.3).
        #[arg(long, value_parser = parse_spirv_version)]
        spirv_version: Option<(u8, u8)>,
    },
    /// List the Vulkan devices the loader reports.
    Devices,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Devices => match Gpu::list_devices() {
            Ok(list) => {
                for d in list {
                    println!("{d}");
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Command::Run {
            inputs,
            filter,
            paths,
            json,
            device,
            no_validation,
            keep,
            opt,
            spirv_version,
        } => match OptLevel::from_name(&opt) {
            Some(opt) => run(
                inputs,
                filter,
                paths,
                json,
                device,
                no_validation,
                keep,
                opt,
                spirv_version,
            ),
            None => {
                eprintln!("error: unknown opt level `{opt}`; expected none, basic or aggressive");
                ExitCode::from(2)
            }
        },
    }
}

#[allow(clippy::too_many_arguments)]
fn run(
    inputs: Vec<PathBuf>,
    filter: Option<String>,
    paths: Vec<String>,
    json: Option<PathBuf>,
    device: Option<String>,
    no_validation: bool,
    keep: Option<PathBuf>,
    opt: OptLevel,
    spirv_version: Option<(u8, u8)>,
) -> ExitCode {
    let mut only = Vec::new();
    for p in &paths {
        match PathKind::from_name(p) {
            Some(k) => only.push(k),
            None => {
                eprintln!("error: unknown path `{p}`; paths are spirv, glsl, hlsl, hlsl-slang, wgsl, ref-glsl, ref-spvasm");
                return ExitCode::from(2);
            }
        }
    }
    let inputs = if inputs.is_empty() {
        vec![PathBuf::from("tests/exec")]
    } else {
        inputs
    };
    let mut specs = Vec::new();
    for input in &inputs {
        if input.is_dir() {
            match spec::discover(input) {
                Ok(found) => specs.extend(found),
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            }
        } else {
            specs.push(input.clone());
        }
    }
    if let Some(f) = &filter {
        specs.retain(|p| {
            p.file_stem()
                .is_some_and(|s| s.to_string_lossy().contains(f.as_str()))
        });
    }
    if specs.is_empty() {
        eprintln!("error: no test specs found");
        return ExitCode::from(2);
    }
    let options = GpuOptions {
        validation: if no_validation {
            Validation::Off
        } else {
            Validation::Required
        },
        device,
        slang_features: only.contains(&PathKind::HlslSlang),
    };
    let gpu = match Gpu::new(&options) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (scratch, temporary) = match keep {
        Some(dir) => (dir, false),
        None => (
            std::env::temp_dir().join(format!("luma-harness-{}", std::process::id())),
            true,
        ),
    };
    let mut luma = Compiler::new(opt);
    if let Some(version) = spirv_version {
        luma = luma.with_spirv_version(version);
    }
    let runner = Runner {
        gpu: &gpu,
        tools: Tools::find(),
        luma: Some(&luma),
        scratch: scratch.clone(),
    };
    let start = Instant::now();
    let mut results = Vec::new();
    for path in &specs {
        let result = match spec::load(path) {
            Ok(test) => runner.run(&test, &only),
            Err(e) => TestResult::invalid(
                path.file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                e.to_string(),
            ),
        };
        if json.is_none() {
            let mut cells: Vec<String> = result
                .paths
                .iter()
                .map(|p| format!("{} {}", p.path.name(), p.status.label()))
                .collect();
            if result.error.is_some() {
                cells.push("SPEC ERROR".to_string());
            }
            eprintln!("{:32} {}", result.name, cells.join("  "));
        }
        results.push(result);
    }
    let report = Report {
        device: gpu.info().clone(),
        tests: results,
        seconds: start.elapsed().as_secs_f64(),
    };
    if temporary {
        let _ = std::fs::remove_dir_all(&scratch);
    }
    match json {
        Some(file) if file.as_os_str() == "-" => {
            println!("{:#}", report.json());
        }
        Some(file) => {
            let text = format!("{:#}\n", report.json());
            if let Err(e) = std::fs::write(&file, text) {
                eprintln!("error: cannot write {}: {e}", file.display());
                return ExitCode::from(2);
            }
            print!("{}", report.table());
        }
        None => print!("{}", report.table()),
    }
    if report.ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `--spirv-version`: `1.0` to `1.6`.
fn parse_spirv_version(text: &str) -> Result<(u8, u8), String> {
    match text.split_once('.') {
        Some(("1", minor)) => match minor.parse::<u8>() {
            Ok(m) if m <= 6 => Ok((1, m)),
            _ => Err(format!(
                "`{text}` is not a SPIR-V version: expected 1.0 to 1.6"
            )),
        },
        _ => Err(format!(
            "`{text}` is not a SPIR-V version: expected 1.0 to 1.6"
        )),
    }
}
