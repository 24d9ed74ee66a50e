//! The inputs: the small shaders of the test corpus and `examples/`, and generated medium and
//! large shaders (the large one at 1x, 4x and 16x its size).

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::generate;

/// What kind of input a case is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// Hand-written shaders, measured one file at a time and summed.
    Small,
    /// A generated shader of about a sixteenth of the large one.
    Medium,
    /// The generated large shader at `scale` times its base size (1, 4, 16).
    Large {
        /// The size factor.
        scale: usize,
    },
}

/// One Luma source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// Its path (generated files are written there too).
    pub path: PathBuf,
    /// Its text.
    pub text: String,
}

impl Source {
    /// Lines of text.
    pub fn lines(&self) -> usize {
        self.text.lines().count()
    }

    /// The file name without its `.luma` extension.
    pub fn stem(&self) -> String {
        self.path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "shader".to_string())
    }
}

/// One benchmark input: a set of files measured together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// Short name for the report (`small`, `medium`, `large-1x`, ...).
    pub name: String,
    /// Its kind.
    pub class: Class,
    /// The files.
    pub sources: Vec<Source>,
    /// `#include` directories.
    pub include_dirs: Vec<String>,
}

impl Case {
    /// Total bytes of source.
    pub fn bytes(&self) -> usize {
        self.sources.iter().map(|s| s.text.len()).sum()
    }

    /// Total lines of source.
    pub fn lines(&self) -> usize {
        self.sources.iter().map(Source::lines).sum()
    }

    /// SHA-256 of the sources, in order (so a report names exactly what it measured).
    pub fn digest(&self) -> String {
        let mut h = Sha256::new();
        for s in &self.sources {
            h.update(s.text.as_bytes());
        }
        lumac::hex(&h.finalize())
    }
}

/// Every `.luma` file under `dir` (recursively, skipping `include/` and `lib/` folders, which
/// hold files other shaders include), sorted.
fn luma_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                if path
                    .file_name()
                    .is_some_and(|n| n != "include" && n != "lib")
                {
                    pending.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "luma") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The small case: `tests/shaders/**` and `examples/**` under `root` (not the folders of
/// included files), the first `limit` of them when given.
pub fn small(root: &Path, limit: Option<usize>) -> Result<Case, String> {
    let mut sources = Vec::new();
    for dir in ["tests/shaders", "examples"] {
        for path in luma_files(&root.join(dir)) {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            sources.push(Source { path, text });
        }
    }
    if let Some(limit) = limit {
        sources.truncate(limit);
    }
    if sources.is_empty() {
        return Err(format!("no shaders under {}/tests/shaders", root.display()));
    }
    Ok(Case {
        name: "small".to_string(),
        class: Class::Small,
        sources,
        include_dirs: vec![root
            .join("tests/shaders/include")
            .to_string_lossy()
            .into_owned()],
    })
}

/// How large the generated shaders are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sizes {
    /// Lines of the large shader at 1x (at least).
    pub large_lines: usize,
    /// The size factors of the large shader.
    pub scales: Vec<usize>,
    /// Only the first this many small shaders (all when `None`).
    pub small_limit: Option<usize>,
}

impl Sizes {
    /// The committed benchmark: every small shader; 50,000 lines at 1x, then 4x and 16x.
    pub fn full() -> Sizes {
        Sizes {
            large_lines: 50_000,
            scales: vec![1, 4, 16],
            small_limit: None,
        }
    }
}

/// Generates the medium case and the large cases into `dir` (written out too, so the process
/// measurements and readers can use the files).
pub fn generated(dir: &Path, sizes: &Sizes, seed: u64) -> Result<Vec<Case>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let base = generate::modules_for_lines(sizes.large_lines, seed);
    let mut cases = Vec::new();
    let mut make = |name: &str, class: Class, modules: usize| -> Result<(), String> {
        let text = generate::generate(modules, seed);
        let path = dir.join(format!("{name}.luma"));
        std::fs::write(&path, &text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        cases.push(Case {
            name: name.to_string(),
            class,
            sources: vec![Source { path, text }],
            include_dirs: Vec::new(),
        });
        Ok(())
    };
    make("medium", Class::Medium, (base / 16).max(1))?;
    for &scale in &sizes.scales {
        make(
            &format!("large-{scale}x"),
            Class::Large { scale },
            base * scale,
        )?;
    }
    Ok(cases)
}
