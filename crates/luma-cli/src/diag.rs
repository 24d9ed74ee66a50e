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
            &sorted,
            diags.error_count(),
            diags.warning_count(),
            map,
        )
    }

    /// Prints a list of diagnostics with known totals; returns whether any error was reported.
    pub fn print_slice(
        &self,
        name: &str,
        list: &[lumac::Diagnostic],
        errors: usize,
        warnings: usize,
        map: &SourceMap,
    ) -> bool {
        match self.format {
            MessageFormat::Human => {
                if !list.is_empty() {
                    let options = lumac::HumanOptions {
                        color: self.color,
                        ..lumac::HumanOptions::default()
                    };
                    eprint!("{}", lumac::render_human(list, map, &options));
                }
                if let Some(line) =
                    luma_base::render::omitted_line(list, errors, warnings, self.color)
                {
                    eprintln!("{line}");
                }
                if let Some(line) =
                    luma_base::render::summary_line(name, errors, warnings, self.color)
                {
                    eprintln!("{line}");
                }
            }
            MessageFormat::Json => {
                eprint!("{}", lumac::render_json(list, map));
            }
        }
        errors > 0
    }
}
