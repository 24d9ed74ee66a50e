//! Makefile depfiles (`-MD -MF FILE -MT TARGET`), written by the same run that compiles, in the
//! format GCC and Clang write and Make and Ninja read.

/// One rule: `targets: deps`.
pub struct Rule {
    /// Rule targets, already escaped (`-MT` values are used as given, like GCC's).
    pub targets: Vec<String>,
    /// Every file the compilation read: the input, then each included file.
    pub deps: Vec<String>,
    /// The included files (each gets an empty rule).
    pub includes: Vec<String>,
}

/// Escapes a path for a Makefile rule as GCC does (what `-MQ` does): a space or tab gets a
/// backslash, and so does each backslash right before one (Make reads `\\\ ` as a backslash
/// then an escaped space); `#` gets a backslash and `$` is doubled.
pub fn escape(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut backslashes = 0usize;
    for c in path.chars() {
        match c {
            ' ' | '\t' => {
                out.push_str(&"\\".repeat(backslashes + 1));
                out.push(c);
            }
            '#' => out.push_str("\\#"),
            '$' => out.push_str("$$"),
            _ => out.push(c),
        }
        backslashes = if c == '\\' { backslashes + 1 } else { 0 };
    }
    out
}

/// The rules, then an empty rule per included file so Make does not fail when one is deleted
/// (what `-MP` adds for C compilers).
pub fn render(rules: &[Rule]) -> String {
    let mut out = String::new();
    let mut phony: Vec<&str> = Vec::new();
    for rule in rules {
        out.push_str(&rule.targets.join(" "));
        out.push(':');
        let mut seen: Vec<&str> = Vec::new();
        for d in &rule.deps {
            if seen.contains(&d.as_str()) {
                continue;
            }
            seen.push(d);
            out.push_str(" \\\n  ");
            out.push_str(&escape(d));
        }
        out.push('\n');
        for inc in &rule.includes {
            if !phony.contains(&inc.as_str()) {
                phony.push(inc);
            }
        }
    }
    for inc in phony {
        out.push('\n');
        out.push_str(&escape(inc));
        out.push_str(":\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_rules_and_phony_targets() {
        let text = render(&[
            Rule {
                targets: vec![escape("out/a b.spv")],
                deps: vec!["a b.luma".to_string(), "/inc/c.luma".to_string()],
                includes: vec!["/inc/c.luma".to_string()],
            },
            Rule {
                targets: vec!["out/d.spv".to_string()],
                deps: vec![
                    "d.luma".to_string(),
                    "/inc/c.luma".to_string(),
                    "/inc/c.luma".to_string(),
                ],
                includes: vec!["/inc/c.luma".to_string()],
            },
        ]);
        assert_eq!(
            text,
            "out/a\\ b.spv: \\\n  a\\ b.luma \\\n  /inc/c.luma\n\
             out/d.spv: \\\n  d.luma \\\n  /inc/c.luma\n\n/inc/c.luma:\n"
        );
    }

    #[test]
    fn escapes_make_specials() {
        assert_eq!(escape("a b#c$d"), "a\\ b\\#c$$d");
        // GCC's `-MQ`: a tab as a space; backslashes before either doubled, others kept.
        assert_eq!(escape("ta\tb"), "ta\\\tb");
        assert_eq!(escape("v\\ 2"), "v\\\\\\ 2");
        assert_eq!(escape("a\\\\ b\\c"), "a\\\\\\\\\\ b\\c");
    }
}
