//! The peers and helpers the benchmark runs (naga, glslangValidator, spirv-opt, the `luma`
//! binary), found on `PATH` or next to the benchmark, with their versions; and a description of
//! the machine, which the report starts with.

use std::path::{Path, PathBuf};
use std::process::Command;

/// An external program and the version it reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tool {
    /// Where it is.
    pub path: PathBuf,
    /// The first line of its version output.
    pub version: String,
}

/// The programs one run uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tools {
    /// The `luma` compiler binary.
    pub luma: Tool,
    /// The naga CLI (`cargo install naga-cli`).
    pub naga: Tool,
    /// glslangValidator.
    pub glslang: Tool,
    /// spirv-opt (SPIRV-Tools).
    pub spirv_opt: Tool,
    /// This benchmark's own executable, which is also the probe that measures processes.
    pub probe: PathBuf,
}

/// `name` on `PATH`.
pub fn on_path(name: &str) -> Option<PathBuf> {
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|p| p.join(name))
        .find(|p| p.is_file())
}

/// The first non-empty line `program args` prints (standard output, else standard error).
pub fn version_line(program: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new(program)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(str::to_string)
        .ok_or_else(|| format!("{} printed no version", program.display()))
}

fn tool(path: Option<PathBuf>, name: &str, args: &[&str]) -> Result<Tool, String> {
    let path = path.ok_or_else(|| {
        format!("`{name}` was not found; run `scripts/bench.sh`, which installs every tool")
    })?;
    let version = version_line(&path, args)?;
    Ok(Tool { path, version })
}

impl Tools {
    /// Finds every tool: `luma` as given or next to the probe (cargo puts both in
    /// `target/release`), the others on `PATH`. `probe` is the `luma-bench` executable.
    pub fn find(luma: Option<PathBuf>, probe: PathBuf) -> Result<Tools, String> {
        let luma = luma.or_else(|| {
            let sibling = probe.parent()?.join("luma");
            sibling.is_file().then_some(sibling)
        });
        Ok(Tools {
            luma: tool(luma, "luma", &["--version"])?,
            naga: tool(on_path("naga"), "naga", &["--version"])?,
            glslang: tool(
                on_path("glslangValidator"),
                "glslangValidator",
                &["--version"],
            )?,
            spirv_opt: tool(on_path("spirv-opt"), "spirv-opt", &["--version"])?,
            probe,
        })
    }
}

/// The machine a run measured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Machine {
    /// CPU model name.
    pub cpu: String,
    /// Logical CPUs available to the process.
    pub cores: usize,
    /// Total memory, in bytes.
    pub memory: u64,
    /// Operating system and kernel.
    pub os: String,
    /// `rustc --version`.
    pub rustc: String,
    /// The commit measured (`git describe`), when known.
    pub commit: String,
}

impl Machine {
    /// Describes this machine (fields that cannot be read say "unknown").
    pub fn describe(root: &Path) -> Machine {
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let cpu = cpuinfo
            .lines()
            .find(|l| l.starts_with("model name"))
            .and_then(|l| l.split_once(':'))
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_else(|| "unknown".to_string());
        let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
        let memory = meminfo
            .lines()
            .find(|l| l.starts_with("MemTotal:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<u64>().ok())
            .map_or(0, |kb| kb * 1024);
        let release = std::fs::read_to_string("/etc/os-release").unwrap_or_default();
        let pretty = release
            .lines()
            .find_map(|l| l.strip_prefix("PRETTY_NAME="))
            .map(|v| v.trim_matches('"').to_string())
            .unwrap_or_else(|| std::env::consts::OS.to_string());
        let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease")
            .map(|k| k.trim().to_string())
            .unwrap_or_default();
        let os = if kernel.is_empty() {
            pretty
        } else {
            format!("{pretty}, Linux {kernel}")
        };
        let rustc = version_line(Path::new("rustc"), &["--version"])
            .unwrap_or_else(|_| "unknown".to_string());
        let commit = Command::new("git")
            .args(["describe", "--always", "--dirty"])
            .current_dir(root)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_else(|| "unknown".to_string());
        Machine {
            cpu,
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            memory,
            os,
            rustc,
            commit,
        }
    }
}
