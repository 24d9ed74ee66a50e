//! Printing diagnostics as rustc-style text or JSON, with the summary line.

use std::io::IsTerminal;

use clap::ValueEnum;
use lumac::{Diagnostics, SourceMap};

/// `--message-format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MessageFormat {
    /// rustc-style text with source excerpts.
    Human,
    /// JSON Lines: one object per diagnostic (schema in `docs/cli.md` and `luma_base::render`).
    Json,
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Color {
    /// Colour when standard error is a terminal and `NO_COLOR` is unset.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// Writes `text` to standard error. A failed write is dropped, not a panic as in `eprint!`:
/// with standard error closed early (`luma check big.luma 2>&1 | head`) there is nowhere to
/// report it, and the exit code still says whether the sources compiled.
pub fn write_stderr(text: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}

/// How messages name input `name` compiled with the `--spec-matrix` values `spec` (id, value
/// as written): `blur.luma [0=8 1=true]`, or the name alone without values.
pub fn spec_label<'a>(name: &str, spec: impl IntoIterator<Item = (u32, &'a str)>) -> String {
    let values: Vec<String> = spec
        .into_iter()
        .map(|(id, v)| format!("{id}={v}"))
        .collect();
    if values.is_empty() {
        name.to_string()
    } else {
        format!("{name} [{}]", values.join(" "))
    }
}

/// Prints diagnostics to standard error.
pub struct Printer {
    format: MessageFormat,
    color: bool,
}

impl Printer {
    /// A printer for the chosen format and colour mode.
    pub fn new(format: MessageFormat, color: Color) -> Printer {
        let color = match color {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        };
        Printer { format, color }
    }

    /// Prints `diags` of input `name`; returns whether any error was reported.
    pub fn print(&self, name: &str, diags: &Diagnostics, map: &SourceMap) -> bool {
        let mut sorted = diags.as_slice().to_vec();
        sorted.sort_by_key(|d| (d.primary.span.lo, d.primary.span.hi));
        self.print_slice(
            name,
            &[],
            &sorted,
            diags.error_count(),
            diags.warning_count(),
            map,
        )
    }

    /// Prints a list of diagnostics with known totals of input `name`, compiled with the
    /// `--spec-matrix` values `spec` (id, value as written; empty without); returns whether any
    /// error was reported.
    pub fn print_slice(
        &self,
        name: &str,
        spec: &[(u32, &str)],
        list: &[lumac::Diagnostic],
        errors: usize,
        warnings: usize,
        map: &SourceMap,
    ) -> bool {
        match self.format {
            MessageFormat::Human => {
                // The summary names the permutation too: `blur.luma [0=8 1=true]`.
                let name = spec_label(name, spec.iter().copied());
                let name = name.as_str();
                if !list.is_empty() {
                    let options = lumac::HumanOptions {
                        color: self.color,
                        ..lumac::HumanOptions::default()
                    };
                    write_stderr(&lumac::render_human(list, map, &options));
                }
                if let Some(line) =
                    luma_base::render::omitted_line(list, errors, warnings, self.color)
                {
                    write_stderr(&format!("{line}\n"));
                }
                if let Some(line) =
                    luma_base::render::summary_line(name, errors, warnings, self.color)
                {
                    write_stderr(&format!("{line}\n"));
                }
            }
            MessageFormat::Json => {
                // Each record names the input it came from: `file` is where the span points
                // (an included file, or `null` for a diagnostic about the options), which does
                // not tell the inputs of one run apart.
                let mut out = String::new();
                // Past `Limits::max_diagnostics` diagnostics are counted, not kept: the last
                // object says how many were left out, as the human format's closing line does.
                let (omitted_errors, omitted_warnings) =
                    luma_base::render::omitted_counts(list, errors, warnings);
                for (index, d) in list.iter().enumerate() {
                    let mut value = lumac::diagnostic_json(d, map);
                    if let Some(object) = value.as_object_mut() {
                        object.insert("input".into(), serde_json::Value::from(name));
                        // The permutation, as the manifest's `spec` writes it; `input` stays
                        // the file name as given.
                        if !spec.is_empty() {
                            let values: serde_json::Map<String, serde_json::Value> = spec
                                .iter()
                                .map(|(id, v)| (id.to_string(), serde_json::Value::from(*v)))
                                .collect();
                            object.insert("spec".into(), values.into());
                        }
                        if index + 1 == list.len() && omitted_errors + omitted_warnings > 0 {
                            object.insert("omitted_errors".into(), omitted_errors.into());
                            object.insert("omitted_warnings".into(), omitted_warnings.into());
                        }
                    }
                    out.push_str(&value.to_string());
                    out.push('\n');
                }
                write_stderr(&out);
            }
        }
        errors > 0
    }
}
