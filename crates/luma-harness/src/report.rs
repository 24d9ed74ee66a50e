//! The run report: a per-test, per-path table for people, and JSON for machines.

use std::fmt::Write as _;

use serde_json::json;

use crate::runner::{Status, TestResult};
use crate::spec::PathKind;
use crate::vulkan::DeviceInfo;

/// Results of a whole run.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The device the run used.
    pub device: DeviceInfo,
    /// One result per test, in run order.
    pub tests: Vec<TestResult>,
    /// Wall time of the whole run.
    pub seconds: f64,
}

/// Counts of path results by status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Passed.
    pub pass: usize,
    /// Wrong values.
    pub fail: usize,
    /// Could not run (including tests whose spec is invalid).
    pub error: usize,
    /// Declared not applicable.
    pub not_applicable: usize,
}

impl Report {
    /// Status counts over every test and path.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for t in &self.tests {
            if t.error.is_some() {
                c.error += 1;
            }
            for p in &t.paths {
                match p.status {
                    Status::Pass => c.pass += 1,
                    Status::Fail(_) => c.fail += 1,
                    Status::Error(_) => c.error += 1,
                    Status::NotApplicable(_) => c.not_applicable += 1,
                }
            }
        }
        c
    }

    /// Whether every path of every test passed or was declared not applicable.
    pub fn ok(&self) -> bool {
        let c = self.counts();
        c.fail == 0 && c.error == 0
    }

    fn columns(&self) -> Vec<PathKind> {
        PathKind::ALL
            .into_iter()
            .filter(|k| {
                self.tests
                    .iter()
                    .any(|t| t.paths.iter().any(|p| p.path == *k))
            })
            .collect()
    }

    /// The table, then every failure and error in full, the not-applicable reasons, and the
    /// totals.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let d = &self.device;
        let _ = writeln!(
            out,
            "device: {} ({}, Vulkan {}), validation layer {}",
            d.name,
            d.kind,
            d.api_version,
            if d.validation { "on" } else { "OFF" }
        );
        let columns = self.columns();
        let width = self
            .tests
            .iter()
            .map(|t| t.name.len())
            .max()
            .unwrap_or(4)
            .max(4);
        let _ = write!(out, "{:width$}", "test");
        for c in &columns {
            let _ = write!(out, "  {:10}", c.name());
        }
        out.push('\n');
        for t in &self.tests {
            let _ = write!(out, "{:width$}", t.name);
            if t.error.is_some() {
                let _ = writeln!(out, "  SPEC ERROR");
                continue;
            }
            for c in &columns {
                let cell = t
                    .paths
                    .iter()
                    .find(|p| p.path == *c)
                    .map(|p| p.status.label())
                    .unwrap_or("-");
                let _ = write!(out, "  {cell:10}");
            }
            out.push('\n');
        }
        let mut problems = String::new();
        let mut skipped = String::new();
        let mut warnings = String::new();
        for t in &self.tests {
            if let Some(e) = &t.error {
                let _ = writeln!(problems, "SPEC ERROR {}", t.name);
                for l in e.lines() {
                    let _ = writeln!(problems, "    {l}");
                }
            }
            for p in &t.paths {
                let tag = format!("{} [{}]", t.name, p.path.name());
                match &p.status {
                    Status::Fail(lines) => {
                        let _ = writeln!(problems, "FAIL {tag}");
                        for l in lines {
                            let _ = writeln!(problems, "    {l}");
                        }
                    }
                    Status::Error(m) => {
                        let _ = writeln!(problems, "ERROR {tag}");
                        for l in m.lines() {
                            let _ = writeln!(problems, "    {l}");
                        }
                    }
                    Status::NotApplicable(reason) => {
                        let _ = writeln!(skipped, "  {tag}: {reason}");
                    }
                    Status::Pass => {}
                }
                for w in &p.warnings {
                    let _ = writeln!(warnings, "  {tag}: {w}");
                }
            }
        }
        if !problems.is_empty() {
            out.push_str("\nfailures:\n");
            out.push_str(&problems);
        }
        if !skipped.is_empty() {
            out.push_str("\nnot applicable (declared in the spec, or a device feature missing):\n");
            out.push_str(&skipped);
        }
        if !warnings.is_empty() {
            out.push_str("\nvalidation warnings:\n");
            out.push_str(&warnings);
        }
        let c = self.counts();
        let _ = writeln!(
            out,
            "\n{} pass, {} fail, {} error, {} n/a ({} tests, {:.1} s)",
            c.pass,
            c.fail,
            c.error,
            c.not_applicable,
            self.tests.len(),
            self.seconds
        );
        out
    }

    /// The report as JSON.
    pub fn json(&self) -> serde_json::Value {
        let d = &self.device;
        let c = self.counts();
        let tests: Vec<serde_json::Value> = self
            .tests
            .iter()
            .map(|t| {
                let paths: Vec<serde_json::Value> = t
                    .paths
                    .iter()
                    .map(|p| {
                        let (status, detail) = match &p.status {
                            Status::Pass => ("pass", serde_json::Value::Null),
                            Status::Fail(lines) => ("fail", json!(lines)),
                            Status::Error(m) => ("error", json!(m)),
                            Status::NotApplicable(r) => ("not_applicable", json!(r)),
                        };
                        json!({
                            "path": p.path.name(),
                            "status": status,
                            "detail": detail,
                            "millis": p.millis,
                            "warnings": p.warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                json!({
                    "name": t.name,
                    "description": t.description,
                    "error": t.error,
                    "paths": paths,
                })
            })
            .collect();
        json!({
            "device": {
                "name": d.name,
                "kind": d.kind,
                "api_version": d.api_version,
                "driver_version": d.driver_version,
                "validation": d.validation,
            },
            "summary": {
                "tests": self.tests.len(),
                "pass": c.pass,
                "fail": c.fail,
                "error": c.error,
                "not_applicable": c.not_applicable,
                "seconds": self.seconds,
            },
            "tests": tests,
        })
    }
}
