//! Reading sources (files or standard input) and writing outputs, with one-line I/O errors.

use std::io::{Read, Write};
use std::sync::Arc;

use crate::Failure;

/// A source as read from a file or standard input.
pub struct Source {
    /// The name diagnostics use (`<stdin>` for standard input).
    pub name: String,
    /// Its text, shared with the compiler's source map rather than copied into it.
    pub text: Arc<str>,
}

/// A source that is not UTF-8: its one diagnostic, printed as the compile errors are.
pub struct NotUtf8 {
    /// The input's name as diagnostics show it.
    pub name: String,
    /// E0107 at the first byte that is not UTF-8.
    pub diagnostic: luma_base::Diagnostic,
    /// The text with the bad bytes shown as U+FFFD, to render the diagnostic against.
    pub map: luma_base::SourceMap,
}

/// Reads `name` (`-` = standard input): at most one byte past the compiler's size limit, so
/// that a huge file or an endless stream costs no more than that (the compiler reports the
/// source as too large, E0104).
pub fn read(name: &str) -> Result<Source, Failure> {
    let limit = luma_base::Limits::default().max_source_bytes as u64 + 1;
    let mut bytes = Vec::new();
    let (shown, result) = if name == "-" {
        let result = std::io::stdin().lock().take(limit).read_to_end(&mut bytes);
        ("<stdin>".to_string(), result)
    } else {
        let result = std::fs::File::open(name).and_then(|f| f.take(limit).read_to_end(&mut bytes));
        (name.to_string(), result)
    };
    result.map_err(|e| {
        if name == "-" {
            Failure::Usage(format!("cannot read standard input: {e}"))
        } else {
            Failure::Usage(format!("cannot read `{name}`: {}", describe(&e)))
        }
    })?;
    if bytes.len() as u64 == limit {
        // Cut at the limit: a character cut in two is not an encoding error (blanks keep the
        // length past the limit, which is all the compiler looks at).
        if let Err(e) = std::str::from_utf8(&bytes) {
            if e.error_len().is_none() {
                for b in bytes.iter_mut().skip(e.valid_up_to()) {
                    *b = b' ';
                }
            }
        }
    }
    // Not UTF-8: a compile error (E0107 at the first bad byte), like an included file's.
    let text =
        String::from_utf8(bytes).map_err(|e| {
            match luma_syntax::preprocess::not_utf8_source(&shown, e.as_bytes()) {
                Some((diagnostic, map)) => Failure::NotUtf8(Box::new(NotUtf8 {
                    name: shown.clone(),
                    diagnostic,
                    map,
                })),
                None => Failure::Usage(format!("`{shown}` is not UTF-8 text")),
            }
        })?;
    Ok(Source {
        name: shown,
        text: Arc::from(text),
    })
}

/// Standard input (`-`) may be named once among the inputs: a second read would find it empty.
pub fn stdin_at_most_once(inputs: &[String]) -> Result<(), Failure> {
    if inputs.iter().filter(|i| *i == "-").count() > 1 {
        return Err(Failure::Usage(
            "standard input (`-`) can be read only once".to_string(),
        ));
    }
    Ok(())
}

/// Writes bytes to standard output.
pub fn write_stdout(bytes: &[u8]) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| Failure::Usage(format!("cannot write to standard output: {e}")))
}

/// Writes a file as [`write_file`] does, or standard output for `-`.
pub fn write_file_or_stdout(path: &str, bytes: &[u8]) -> Result<(), Failure> {
    if path == "-" {
        write_stdout(bytes)
    } else {
        write_file(path, bytes)
    }
}

/// Writes a file, creating its parent directory.
pub fn write_file(path: &str, bytes: &[u8]) -> Result<(), Failure> {
    if let Some(parent) = std::path::Path::new(path).parent() {
        if !parent.as_os_str().is_empty() {
            std::fs::create_dir_all(parent).map_err(|e| {
                Failure::Usage(format!(
                    "cannot create directory `{}`: {}",
                    parent.display(),
                    describe(&e)
                ))
            })?;
        }
    }
    std::fs::write(path, bytes)
        .map_err(|e| Failure::Usage(format!("cannot write `{path}`: {}", describe(&e))))
}

/// An I/O error as a short phrase (`no such file or directory`).
pub(crate) fn describe(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::IsADirectory => "it is a directory".to_string(),
        _ => {
            let text = e.to_string();
            // Drop the "(os error N)" suffix: it helps nobody reading a build log.
            match text.find(" (os error") {
                Some(i) => text.get(..i).unwrap_or(&text).to_lowercase(),
                None => text.to_lowercase(),
            }
        }
    }
}
