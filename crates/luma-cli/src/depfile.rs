//! Makefile depfiles (`-MD -MF FILE -MT TARGET`), written by the same run that compiles.

/// Escapes a path for a Makefile rule: spaces, `#` and `$` need escaping.
fn escape(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        match c {
            ' ' => out.push_str("\\ "),
            '#' => out.push_str("\\#"),
            '$' => out.push_str("$$"),
            _ => out.push(c),
        }
    }
    out
}

/// A rule `targets: deps` plus an empty rule per dependency, so make does not fail when an
/// included file is deleted (what `-MP` adds for C compilers).
pub fn render(targets: &[String], deps: &[String]) -> String {
    let targets: Vec<String> = targets.iter().map(|t| escape(t)).collect();
    let mut out = format!("{}:", targets.join(" "));
    for d in deps {
        out.push_str(" \\\n  ");
        out.push_str(&escape(d));
    }
    out.push('\n');
    for d in deps.iter().skip(1) {
        out.push('\n');
        out.push_str(&escape(d));
        out.push_str(":\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_rule_and_phony_targets() {
        let text = render(
            &["out/a b.spv".to_string()],
            &["a b.luma".to_string(), "inc/c.luma".to_string()],
        );
        assert_eq!(
            text,
            "out/a\\ b.spv: \\\n  a\\ b.luma \\\n  inc/c.luma\n\ninc/c.luma:\n"
        );
    }
}
