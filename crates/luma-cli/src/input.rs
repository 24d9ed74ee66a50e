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

/// Reads `name` (`-` = standard input).
pub fn read(name: &str) -> Result<Source, Failure> {
    if name == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Failure::Usage(format!("cannot read standard input: {e}")))?;
        return Ok(Source {
            name: "<stdin>".to_string(),
            text: Arc::from(text),
        });
    }
    let bytes = std::fs::read(name)
        .map_err(|e| Failure::Usage(format!("cannot read `{name}`: {}", describe(&e))))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let at =
            luma_syntax::preprocess::invalid_utf8_at(e.as_bytes(), e.utf8_error().valid_up_to());
        Failure::Usage(format!(
            "`{name}` is not UTF-8 text ({at}); save it as UTF-8"
        ))
    })?;
    Ok(Source {
        name: name.to_string(),
        text: Arc::from(text),
    })
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
