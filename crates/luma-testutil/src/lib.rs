//! Test helpers shared by every crate's tests: file snapshots blessed by one switch
//! (`LUMA_BLESS=1`), corpus listing, and lookup of the external validators with a clear failure
//! when one is missing.
#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (the folder holding the top `Cargo.toml`).
pub fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.ancestors()
        .nth(2)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| here.to_path_buf())
}

/// `tests/` under the workspace root.
pub fn tests_dir() -> PathBuf {
    workspace_root().join("tests")
}

/// Whether snapshots should be rewritten instead of compared (`LUMA_BLESS=1`).
pub fn blessing() -> bool {
    std::env::var_os("LUMA_BLESS").is_some_and(|v| v != "0" && !v.is_empty())
}

/// Compares `actual` with the committed file at `path`, or writes it when blessing.
///
/// On mismatch the panic shows the first differing line and says how to bless.
pub fn assert_snapshot(path: &Path, actual: &str) {
    if blessing() {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        let current = std::fs::read_to_string(path).ok();
        if current.as_deref() != Some(actual) {
            std::fs::write(path, actual).unwrap();
        }
        return;
    }
    let expected = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(_) => panic!(
            "snapshot {} does not exist; run the tests with LUMA_BLESS=1 to create it, then review \
             and commit it",
            path.display()
        ),
    };
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
        let exp = expected.lines().nth(line).unwrap_or("<end of file>");
        let act = actual.lines().nth(line).unwrap_or("<end of file>");
        panic!(
            "snapshot {} differs at line {}:\n  expected: {exp}\n  actual:   {act}\n\
             rerun with LUMA_BLESS=1 to accept the new output, then review the diff",
            path.display(),
            line + 1
        );
    }
}

/// Every file under `dir` (recursively) whose name ends with `.{ext}`, sorted.
pub fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == ext) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The valid shader corpus: every `.luma` file under `tests/shaders`, except files under an
/// `include/` folder (those are only included by others), sorted.
pub fn shader_corpus() -> Vec<PathBuf> {
    files_with_extension(&tests_dir().join("shaders"), "luma")
        .into_iter()
        .filter(|p| !p.components().any(|c| c.as_os_str() == "include"))
        .collect()
}

/// A corpus shader's path under `tests/shaders`, with `/` separators (`features/half.luma`):
/// the name its snapshots and failure messages use.
pub fn corpus_path(path: &Path) -> String {
    let root = tests_dir().join("shaders");
    path.strip_prefix(&root)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// The path of an external tool, or a panic that says how to install it. Tests never skip
/// because a tool is missing.
pub fn require_tool(name: &str) -> PathBuf {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join(name))
            .find(|p| p.is_file())
    });
    match found {
        Some(path) => path,
        None => panic!(
            "the test tool `{name}` is not installed; run `scripts/install-test-tools.sh` \
             (see README.md) to install every tool the tests use"
        ),
    }
}

/// Runs `cmd`, returning (success, stdout + stderr).
pub fn run(cmd: &mut Command) -> (bool, String) {
    let output = cmd
        .output()
        .unwrap_or_else(|e| panic!("could not run {cmd:?}: {e}"));
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

/// A fresh scratch directory under the target directory, named after `label`.
pub fn scratch_dir(label: &str) -> PathBuf {
    let dir = workspace_root()
        .join("target")
        .join("test-scratch")
        .join(format!("{label}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `f` of every item, in the items' order, computed on one thread per core. Test binaries run
/// one after another, so a corpus loop that waits on external validators (glslang, Slang,
/// spirv-val) would otherwise leave the other cores idle. A panic in `f` fails the caller.
pub fn map_in_parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(items.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new(items.iter().map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = f(item);
                if let Some(slot) = results.lock().unwrap_or_else(|e| e.into_inner()).get_mut(i) {
                    *slot = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every item was mapped"))
        .collect()
}
