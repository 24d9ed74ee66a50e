//! Rendering diagnostics, including those about options rather than source text (a missing
//! entry point, an unknown `--spec` id, a back-end failure no entry point explains), which
//! carry [`NO_LOCATION`] and are shown without a source excerpt.

use luma_base::render::{json_value, render_diagnostic, HumanOptions};
use luma_base::{Diagnostic, SourceMap, Span};

/// The primary span of a diagnostic that has no place in the source (it is about the options
/// or the command line). [`render_human`] prints such a diagnostic without `-->` and excerpt,
/// and [`render_json`] gives it `null` positions. It sorts after every real span.
pub const NO_LOCATION: Span = Span::point(u32::MAX);

/// The map a diagnostic is resolved against: an empty one (every span unresolved) for
/// diagnostics without a location.
fn map_for<'a>(d: &Diagnostic, map: &'a SourceMap, empty: &'a SourceMap) -> &'a SourceMap {
    if d.primary.span == NO_LOCATION {
        empty
    } else {
        map
    }
}

/// Renders diagnostics as rustc-style text, separated by blank lines, in the order given
/// (`Diagnostics::sort_by_position` gives source order).
pub fn render_human(diagnostics: &[Diagnostic], map: &SourceMap, options: &HumanOptions) -> String {
    let empty = SourceMap::new();
    let mut out = String::new();
    for d in diagnostics {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&render_diagnostic(d, map_for(d, map, &empty), options));
    }
    out
}

/// Renders diagnostics as JSON Lines, one object per diagnostic (schema in
/// [`luma_base::render`]; positions are `null` for diagnostics without a location).
pub fn render_json(diagnostics: &[Diagnostic], map: &SourceMap) -> String {
    let mut out = String::new();
    for d in diagnostics {
        out.push_str(&diagnostic_json(d, map).to_string());
        out.push('\n');
    }
    out
}

/// The JSON object of one diagnostic, as [`render_json`] writes it (for callers that add
/// fields of their own, as the `luma` command adds `input`).
pub fn diagnostic_json(d: &Diagnostic, map: &SourceMap) -> serde_json::Value {
    json_value(d, map_for(d, map, &SourceMap::new()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use luma_base::Code;

    #[test]
    fn unlocated_diagnostics_have_no_excerpt() {
        let map = SourceMap::single("a.luma", "const A = 1\n");
        let d = Diagnostic::error(Code("E0002"), NO_LOCATION, "no entry point `x`")
            .with_note("entry points in this source: `y` (vertex)");
        let text = render_human(std::slice::from_ref(&d), &map, &HumanOptions::default());
        assert_eq!(
            text,
            "error[E0002]: no entry point `x`\n |\n = note: entry points in this source: `y` (vertex)\n"
        );
        let json = render_json(&[d], &map);
        assert!(json.contains("\"file\":null"), "{json}");
        assert!(json.contains("\"line\":null"), "{json}");
    }
}
