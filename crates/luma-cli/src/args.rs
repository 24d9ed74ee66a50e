//! The command line before clap sees it: `@file` response files expanded, the C compilers'
//! single-dash depfile flags (`-MD`, `-MF FILE`, `-MT TARGET`, ...) rewritten to their long
//! spellings, and clap's errors folded into one line.
//!
//! Response files follow GCC's rules, which is what CMake, Ninja and MSBuild generate: arguments
//! are separated by whitespace; single or double quotes keep whitespace inside one argument; a
//! backslash takes the next character literally. A response file may name other response files,
//! up to [`MAX_RESPONSE_DEPTH`] deep (a cycle is an error, never a hang). After `--` nothing is
//! expanded or rewritten, so a file whose name starts with `@` or `-M` can still be passed.

use std::ffi::OsString;

/// How deeply response files may name other response files.
pub const MAX_RESPONSE_DEPTH: usize = 16;

/// Expands every `@file` in `args` (the program name first, left as it is).
pub fn expand_response_files(args: Vec<OsString>) -> Result<Vec<OsString>, String> {
    let mut out = Vec::with_capacity(args.len());
    let mut chain = Vec::new();
    let mut rest = false;
    for (i, arg) in args.into_iter().enumerate() {
        if i == 0 || rest {
            out.push(arg);
            continue;
        }
        if arg == "--" {
            rest = true;
            out.push(arg);
            continue;
        }
        match arg.to_str().and_then(|a| a.strip_prefix('@')) {
            Some(path) if !path.is_empty() => expand_file(path, &mut chain, &mut out)?,
            _ => out.push(arg),
        }
    }
    Ok(out)
}

fn expand_file(path: &str, chain: &mut Vec<String>, out: &mut Vec<OsString>) -> Result<(), String> {
    if chain.iter().any(|p| p == path) {
        return Err(format!(
            "response file `{path}` includes itself (through {})",
            chain.join(" -> ")
        ));
    }
    if chain.len() >= MAX_RESPONSE_DEPTH {
        return Err(format!(
            "response files nest more than {MAX_RESPONSE_DEPTH} deep at `{path}`"
        ));
    }
    let text = std::fs::read_to_string(path).map_err(|e| {
        format!(
            "cannot read response file `{path}`: {}",
            crate::input::describe(&e)
        )
    })?;
    // A byte-order mark (Windows editors and PowerShell's UTF-8 write one) is no part of the
    // first argument.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let words =
        split_response(text).map_err(|e| format!("cannot read response file `{path}`: {e}"))?;
    chain.push(path.to_string());
    for word in words {
        match word.strip_prefix('@') {
            Some(inner) if !inner.is_empty() => expand_file(inner, chain, out)?,
            _ => out.push(OsString::from(word)),
        }
    }
    chain.pop();
    Ok(())
}

/// Splits response-file text into arguments (GCC's rules, see the module documentation).
pub fn split_response(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (_, '\\') => match chars.next() {
                Some(next) => {
                    current.push(next);
                    in_word = true;
                }
                None => return Err("it ends with a lone backslash".to_string()),
            },
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => current.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut current));
                    in_word = false;
                }
            }
            (None, c) => {
                current.push(c);
                in_word = true;
            }
        }
    }
    if let Some(q) = quote {
        return Err(format!("a {q} quote is not closed"));
    }
    if in_word {
        words.push(current);
    }
    Ok(words)
}

/// Rewrites the C compilers' depfile flags to the long options clap parses: `-MD` and `-MMD`
/// (Luma has no system headers, so they are the same) to `--MD`, `-MP` to `--MP`; `-MF FILE` / `-MFFILE`,
/// `-MT TARGET` / `-MTTARGET` and `-MQ TARGET` / `-MQTARGET` to `--MF`, `--MT`, `--MQ`.
pub fn rewrite_depfile_flags(args: Vec<OsString>) -> Vec<OsString> {
    let mut out = Vec::with_capacity(args.len());
    let mut rest = false;
    for arg in args {
        if rest {
            out.push(arg);
            continue;
        }
        let Some(text) = arg.to_str() else {
            out.push(arg);
            continue;
        };
        if text == "--" {
            rest = true;
            out.push(arg);
            continue;
        }
        if text == "-MD" || text == "-MMD" {
            out.push(OsString::from("--MD"));
            continue;
        }
        if text == "-MP" {
            out.push(OsString::from("--MP"));
            continue;
        }
        let joined = ["-MF", "-MT", "-MQ"].into_iter().find_map(|flag| {
            text.strip_prefix(flag).map(|value| {
                let long = format!("-{flag}");
                if value.is_empty() {
                    OsString::from(long)
                } else {
                    // `-MFdeps.d`, like the C compilers; `-MF=x` keeps the `=` as clap would.
                    let value = value.strip_prefix('=').unwrap_or(value);
                    OsString::from(format!("{long}={value}"))
                }
            })
        });
        out.push(joined.unwrap_or(arg));
    }
    out
}

/// The first C-style macro definition among `args` (`-D NAME`, `-DNAME=1`, `--define`), before
/// any `--`: build scripts ported from glslang or DXC pass them, and clap would only call the
/// flag unknown (or suggest `--deny`).
pub fn macro_definition(args: &[OsString]) -> Option<String> {
    args.iter()
        .skip(1)
        .filter_map(|a| a.to_str())
        .take_while(|a| *a != "--")
        .find(|a| a.starts_with("-D") || *a == "--define" || a.starts_with("--define="))
        .map(str::to_owned)
}

/// Folds one of clap's errors into one line: the message, any tip and the possible values,
/// without the usage block (`luma --help` shows that).
pub fn one_line_error(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let mut parts: Vec<String> = Vec::new();
    for line in rendered.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("Usage:") || line.starts_with("For more information")
        {
            continue;
        }
        let line = line.strip_prefix("error: ").unwrap_or(line);
        // clap suggests `-- -x` for any unknown flag; for a compiler that is noise.
        if line.starts_with("tip: to pass") {
            continue;
        }
        // `[possible values: ...]` belongs to the line before; so does what follows a colon
        // (`the following required arguments were not provided:` / `<FILE>...`).
        if line.starts_with('[') || parts.last().is_some_and(|p| p.ends_with(':')) {
            if let Some(last) = parts.last_mut() {
                last.push(' ');
                last.push_str(line);
                continue;
            }
        }
        parts.push(line.to_string());
    }
    if parts.is_empty() {
        "invalid arguments; see `luma --help`".to_string()
    } else {
        parts.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    #[test]
    fn splits_like_gcc() {
        assert_eq!(
            split_response("a  'b c'\n\"d\\\"e\" f\\ g\t@h").unwrap(),
            vec!["a", "b c", "d\"e", "f g", "@h"]
        );
        assert_eq!(split_response("''").unwrap(), vec![""]);
        assert!(split_response("'open").is_err());
        assert!(split_response("x\\").is_err());
    }

    #[test]
    fn finds_macro_definitions() {
        assert_eq!(
            macro_definition(&os(&["luma", "compile", "-DFOO=1", "a.luma"])).as_deref(),
            Some("-DFOO=1")
        );
        assert_eq!(
            macro_definition(&os(&["luma", "check", "--define", "X"])).as_deref(),
            Some("--define")
        );
        assert_eq!(macro_definition(&os(&["luma", "--deny", "W0101"])), None);
        assert_eq!(macro_definition(&os(&["luma", "check", "--", "-D"])), None);
    }

    #[test]
    fn rewrites_depfile_flags() {
        let out = rewrite_depfile_flags(os(&[
            "luma", "-MD", "-MMD", "-MP", "-MF", "a.d", "-MFb.d", "-MTt", "-MQ", "q", "--", "-MD",
        ]));
        assert_eq!(
            out,
            os(&[
                "luma", "--MD", "--MD", "--MP", "--MF", "a.d", "--MF=b.d", "--MT=t", "--MQ", "q",
                "--", "-MD",
            ])
        );
    }
}
