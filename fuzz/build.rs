//! Embeds the shader corpus (`tests/shaders/**/*.luma`) in the fuzz library: the mutators splice
//! tokens and lines out of these valid shaders, so mutated inputs stay close to real programs.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "luma") {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let shaders = manifest.join("../tests/shaders");
    println!("cargo:rerun-if-changed={}", shaders.display());
    let mut files = Vec::new();
    collect(&shaders, &mut files);
    files.sort();
    let mut code = String::from("/// Every corpus shader: (path under `tests/shaders`, text).\n");
    code.push_str("pub static SEEDS: &[(&str, &str)] = &[\n");
    for file in &files {
        let rel = file.strip_prefix(&shaders).unwrap_or(file);
        let abs = file.canonicalize().unwrap_or_else(|_| file.clone());
        let _ = writeln!(
            code,
            "    ({:?}, include_str!({:?})),",
            rel.to_string_lossy().replace('\\', "/"),
            abs.to_string_lossy()
        );
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default()).join("seeds.rs");
    if let Err(e) = std::fs::write(&out, code) {
        println!("cargo:warning=cannot write {}: {e}", out.display());
    }
}
