//! Measuring other programs: wall time, CPU time and peak resident memory of one process.
//!
//! The peak memory of a child is only known to its parent, through `getrusage(RUSAGE_CHILDREN)`
//! after it has been waited for, and that figure is the maximum over every child the parent ever
//! had. So each measured command runs under a fresh probe: `luma-bench probe -- CMD ARGS...`
//! starts CMD, waits for it, and prints one line with CMD's own figures (see [`probe_main`]).
//! The probe's own start-up is not in the wall time it reports.

use std::ffi::OsString;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use nix::sys::resource::{getrusage, UsageWho};

/// The figures of one process run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProcRun {
    /// From start to exit, as the probe saw it.
    pub wall: Duration,
    /// CPU time in user mode.
    pub user: Duration,
    /// CPU time in the kernel.
    pub sys: Duration,
    /// Peak resident set size, in bytes.
    pub max_rss: u64,
}

/// The probe: runs `cmd` (its output discarded), then prints
/// `wall_ns user_ns sys_ns max_rss_bytes` on standard output. Exits 0 only if the command
/// succeeded; otherwise prints the command's standard error to its own.
pub fn probe_main(cmd: &[OsString]) -> ExitCode {
    let Some((program, args)) = cmd.split_first() else {
        eprintln!("probe: no command given");
        return ExitCode::from(2);
    };
    let start = Instant::now();
    let output = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output();
    let wall = start.elapsed();
    let output = match output {
        Ok(o) => o,
        Err(e) => {
            eprintln!("probe: cannot run {}: {e}", program.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    if !output.status.success() {
        eprintln!(
            "probe: {} failed ({}):\n{}",
            program.to_string_lossy(),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        return ExitCode::from(1);
    }
    let usage = match getrusage(UsageWho::RUSAGE_CHILDREN) {
        Ok(u) => u,
        Err(e) => {
            eprintln!("probe: getrusage failed: {e}");
            return ExitCode::from(2);
        }
    };
    let micros = |tv: nix::sys::time::TimeVal| {
        let us = tv.tv_sec() as i128 * 1_000_000 + tv.tv_usec() as i128;
        u64::try_from(us).unwrap_or(0)
    };
    // Linux reports ru_maxrss in KiB.
    let rss = u64::try_from(usage.max_rss()).unwrap_or(0) * 1024;
    println!(
        "{} {} {} {}",
        wall.as_nanos(),
        micros(usage.user_time()) * 1000,
        micros(usage.system_time()) * 1000,
        rss
    );
    ExitCode::SUCCESS
}

/// Runs `cmd` under the probe `probe` (the `luma-bench` executable) and returns its figures, or
/// the command's error output when it failed.
pub fn run_measured(probe: &Path, cmd: &[OsString]) -> Result<ProcRun, String> {
    let output = Command::new(probe)
        .arg("probe")
        .arg("--")
        .args(cmd)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run the probe {}: {e}", probe.display()))?;
    let shown = || {
        cmd.iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if !output.status.success() {
        return Err(format!(
            "`{}` failed: {}",
            shown(),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    parse_probe_line(&String::from_utf8_lossy(&output.stdout))
        .ok_or_else(|| format!("the probe printed nothing usable for `{}`", shown()))
}

/// Parses the probe's line.
fn parse_probe_line(text: &str) -> Option<ProcRun> {
    let mut numbers = text.split_whitespace().map(|w| w.parse::<u64>().ok());
    let wall = numbers.next()??;
    let user = numbers.next()??;
    let sys = numbers.next()??;
    let max_rss = numbers.next()??;
    Some(ProcRun {
        wall: Duration::from_nanos(wall),
        user: Duration::from_nanos(user),
        sys: Duration::from_nanos(sys),
        max_rss,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probe_lines() {
        let run = parse_probe_line("1500 1000 200 4096\n").unwrap();
        assert_eq!(run.wall, Duration::from_nanos(1500));
        assert_eq!(run.user, Duration::from_nanos(1000));
        assert_eq!(run.sys, Duration::from_nanos(200));
        assert_eq!(run.max_rss, 4096);
        assert!(parse_probe_line("12 x").is_none());
        assert!(parse_probe_line("").is_none());
    }
}
