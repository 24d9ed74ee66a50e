//! A set of virtual files packed into one fuzz input, for the preprocessor target.
//!
//! The input is text; a line `--@ NAME` starts the file `NAME`, and whatever comes before the
//! first such line is the main file `main.luma`. Because `--` starts a Luma comment, a packed
//! input is still a Luma source on its own. The mutator adds `#include` lines naming the
//! input's own files (quoted, angled, through `..` and `.`), `#pragma once`, `#line`, and new
//! files, so include graphs with diamonds, cycles and deep chains appear quickly.

use std::collections::BTreeMap;

use crate::mutate::{mutate_text, Rng};
use crate::seeds::SEEDS;

/// The line prefix that starts a new virtual file.
pub const MARKER: &str = "--@ ";

/// The main file's name.
pub const MAIN: &str = "main.luma";

/// Include directories the preprocessor target searches.
pub const INCLUDE_DIRS: &[&str] = &["inc", "lib/deep/../deep"];

/// Splits a packed input into (name, text) pairs, the main file first. Later files with the
/// same name replace earlier ones, as a reader would see them.
pub fn unpack(input: &str) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = vec![(MAIN.to_owned(), String::new())];
    for line in input.split_inclusive('\n') {
        if let Some(name) = line.strip_prefix(MARKER) {
            let name = name.trim();
            let name = if name.is_empty() { "unnamed.luma" } else { name };
            files.push((name.to_owned(), String::new()));
        } else if let Some((_, text)) = files.last_mut() {
            text.push_str(line);
        }
    }
    files
}

/// Packs files back into one input.
pub fn pack(files: &[(String, String)]) -> String {
    let mut out = String::new();
    for (i, (name, text)) in files.iter().enumerate() {
        if i > 0 {
            out.push_str(MARKER);
            out.push_str(name);
            out.push('\n');
        }
        out.push_str(text);
        if !text.is_empty() && !text.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// The files as a map from path to text (the first file is the main file).
pub fn as_map(files: &[(String, String)]) -> BTreeMap<String, String> {
    files.iter().cloned().collect()
}

fn directive(rng: &mut Rng, names: &[String]) -> String {
    let name = rng
        .pick(names)
        .cloned()
        .unwrap_or_else(|| "a.luma".to_owned());
    // Names as an includer might spell them: plain, through `.` and `..`, from an include
    // directory, absolute, missing.
    let spelled = match rng.below(8) {
        0 => format!("./{name}"),
        1 => format!("x/../{name}"),
        2 => name.strip_prefix("inc/").unwrap_or(&name).to_owned(),
        3 => format!("/{name}"),
        4 => format!("missing_{}.luma", rng.below(4)),
        _ => name,
    };
    match rng.below(12) {
        0..=4 => format!("#include \"{spelled}\""),
        5 | 6 => format!("#include <{spelled}>"),
        7 => "#pragma once".to_owned(),
        8 => format!("#line {} \"{spelled}\"", rng.below(100_000)),
        9 => format!("#line {}", [0u64, 1, 2_147_483_647, 2_147_483_648, 7][rng.below(5)]),
        10 => "#include".to_owned(),
        _ => format!("#pragma {}", ["once x", "", "unknown", "once"][rng.below(4)]),
    }
}

/// Mutates a packed input: text mutations inside one file, or include-graph mutations.
pub fn mutate_packed(input: &str, rng: &mut Rng, max_size: usize) -> String {
    let mut files = unpack(input);
    let names: Vec<String> = files.iter().map(|(n, _)| n.clone()).collect();
    match rng.below(6) {
        0 | 1 => {
            // Add directive lines to a file.
            let at = rng.below(files.len());
            if let Some((_, text)) = files.get_mut(at) {
                let lines: Vec<&str> = text.split_inclusive('\n').collect();
                let pos = rng.below(lines.len() + 1);
                let count = 1 + rng.below(3);
                let mut added = String::new();
                for _ in 0..count {
                    added.push_str(&directive(rng, &names));
                    added.push('\n');
                }
                let mut new_text: String = lines.iter().take(pos).copied().collect();
                new_text.push_str(&added);
                new_text.extend(lines.iter().skip(pos).copied());
                *text = new_text;
            }
        }
        2 => {
            // A new file: a corpus shader or a short chain of includes.
            let n = files.len();
            let name = match rng.below(3) {
                0 => format!("inc/f{n}.luma"),
                1 => format!("lib/deep/f{n}.luma"),
                _ => format!("f{n}.luma"),
            };
            let text = if rng.one_in(2) {
                rng.pick(SEEDS).map(|(_, t)| (*t).to_owned()).unwrap_or_default()
            } else {
                let mut t = String::new();
                for _ in 0..1 + rng.below(3) {
                    t.push_str(&directive(rng, &names));
                    t.push('\n');
                }
                t.push_str("const X = 1\n");
                t
            };
            files.push((name, text));
        }
        3 => {
            // Copy one file over another.
            let from = rng.below(files.len());
            let to = rng.below(files.len());
            if let Some(text) = files.get(from).map(|(_, t)| t.clone()) {
                if let Some((_, t)) = files.get_mut(to) {
                    *t = text;
                }
            }
        }
        _ => {
            let at = rng.below(files.len());
            if let Some((_, text)) = files.get_mut(at) {
                *text = mutate_text(text, rng, max_size);
            }
        }
    }
    let mut out = pack(&files);
    if out.len() > max_size {
        let mut cut = max_size;
        while cut > 0 && !out.is_char_boundary(cut) {
            cut -= 1;
        }
        out.truncate(cut);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_and_unpack_agree() {
        let input = "#include \"a.luma\"\n--@ a.luma\nconst A = 1\n--@ inc/b.luma\n";
        let files = unpack(input);
        assert_eq!(files.len(), 3);
        assert_eq!(pack(&files), input);
    }
}
