//! The documentation a new user reads is checked against the compiler: the README's example
//! and its outputs (rewritten with `LUMA_BLESS=1`), the README's fresh-machine command and the
//! files it says it writes, every Luma block of the tutorial and every block of the language
//! reference marked `<!-- compiles -->` (blocks with an entry point compiled to every target,
//! SPIR-V through `spirv-val`; declaration-only blocks checked without warnings), and every
//! relative link of the documents.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::{Path, PathBuf};
use std::process::Command;

use luma_testutil::{blessing, require_tool, run, scratch_dir, workspace_root};

fn luma(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_luma"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The fenced block of `lang` right after the marker comment `<!-- readme-example: NAME -->`,
/// as (start, end) byte offsets of its body.
fn marked_block(text: &str, name: &str, lang: &str) -> (usize, usize) {
    let marker = format!("<!-- readme-example: {name} -->\n```{lang}\n");
    let start = text
        .find(&marker)
        .unwrap_or_else(|| panic!("README.md lacks the `{name}` example block"))
        + marker.len();
    let end = start + text[start..].find("```").unwrap();
    (start, end)
}

#[test]
fn readme_example_output_is_current() {
    let path = workspace_root().join("README.md");
    let mut text = std::fs::read_to_string(&path).unwrap();
    let (s, e) = marked_block(&text, "source", "lua");
    let source = text[s..e].to_string();
    assert!(
        source.lines().count() <= 22,
        "the README example should stay about 20 lines"
    );
    let dir = scratch_dir("readme");
    std::fs::write(dir.join("brighten.luma"), &source).unwrap();
    let mut stale = Vec::new();
    for (name, lang, target) in [("wgsl", "wgsl", "wgsl"), ("glsl", "glsl", "glsl")] {
        let (ok, stdout, stderr) =
            luma(&dir, &["compile", "brighten.luma", "-t", target, "-o", "-"]);
        assert!(ok, "the README example does not compile:\n{stderr}");
        assert!(
            stderr.is_empty(),
            "the README example has warnings:\n{stderr}"
        );
        let (s, e) = marked_block(&text, name, lang);
        if text[s..e] != stdout {
            stale.push(name);
            text.replace_range(s..e, &stdout);
        }
    }
    if blessing() {
        std::fs::write(&path, text).unwrap();
    } else {
        assert!(
            stale.is_empty(),
            "README.md shows outdated {stale:?} output for its example; rerun with LUMA_BLESS=1 \
             and review the diff"
        );
    }
}

#[test]
fn readme_fresh_machine_command_writes_what_it_says() {
    let root = workspace_root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let command = "cargo run --release -p luma-cli -- compile examples/pbr_material.luma \
                   --target=all --out-dir out/";
    assert!(
        readme.contains(command),
        "README.md no longer shows `{command}`"
    );
    // The same arguments, with the output directory moved out of the source tree.
    let out = scratch_dir("readme-command").join("out");
    let _ = std::fs::remove_dir_all(&out);
    let out_arg = format!("{}/", out.display());
    let (ok, stdout, stderr) = luma(
        &root,
        &[
            "compile",
            "examples/pbr_material.luma",
            "--target=all",
            "--out-dir",
            &out_arg,
        ],
    );
    assert!(ok, "{stderr}");
    let mut written: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    let mut promised: Vec<String> = readme
        .split('`')
        .filter_map(|w| w.strip_prefix("out/pbr_material"))
        .map(|rest| format!("pbr_material{rest}"))
        .collect();
    promised.sort();
    promised.dedup();
    assert_eq!(
        written, promised,
        "README.md lists other files than the command writes"
    );
    assert_eq!(
        stdout.lines().count(),
        written.len(),
        "one hash line per file:\n{stdout}"
    );
}

/// Every ```lua block of `doc`, or only those after a `<!-- compiles -->` line.
fn lua_blocks(doc: &str, only_marked: bool) -> Vec<String> {
    let text = std::fs::read_to_string(workspace_root().join("docs").join(doc)).unwrap();
    let mut blocks = Vec::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("```lua\n") {
        let before = &rest[..i];
        let marked = before.ends_with("<!-- compiles -->\n");
        let body_start = i + "```lua\n".len();
        let len = rest[body_start..].find("```").unwrap();
        if marked || !only_marked {
            blocks.push(rest[body_start..body_start + len].to_string());
        }
        rest = &rest[body_start + len..];
    }
    blocks
}

fn compile_blocks(doc: &str, blocks: &[String]) {
    let dir = scratch_dir(&format!("doc-{doc}"));
    let mut failures = Vec::new();
    for (i, block) in blocks.iter().enumerate() {
        let name = format!("block{i}.luma");
        std::fs::write(dir.join(&name), block).unwrap();
        if !block.contains("@entry") {
            // Declarations only: nothing to emit, but they must check cleanly.
            let (ok, _, stderr) = luma(&dir, &["check", &name]);
            if !ok || !stderr.is_empty() {
                failures.push(format!("{doc}, Luma block {}:\n{block}\n{stderr}", i + 1));
            }
            continue;
        }
        let out = dir.join(format!("out{i}"));
        let _ = std::fs::remove_dir_all(&out);
        let out_arg = out.display().to_string();
        let (ok, _, stderr) = luma(
            &dir,
            &["compile", &name, "--target=all", "--out-dir", &out_arg],
        );
        if !ok {
            failures.push(format!("{doc}, Luma block {}:\n{block}\n{stderr}", i + 1));
            continue;
        }
        let spv = out.join(format!("block{i}.spv"));
        let (ok, log) = run(Command::new(require_tool("spirv-val"))
            .args(["--target-env", "vulkan1.1"])
            .arg(&spv));
        if !ok {
            failures.push(format!("{doc}, Luma block {}: spirv-val:\n{log}", i + 1));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn tutorial_examples_compile_to_every_target() {
    let blocks = lua_blocks("tutorial.md", false);
    assert!(blocks.len() >= 7, "{} blocks", blocks.len());
    compile_blocks("tutorial.md", &blocks);
}

#[test]
fn language_reference_examples_compile_to_every_target() {
    let blocks = lua_blocks("language.md", true);
    assert!(blocks.len() >= 5, "{} blocks", blocks.len());
    compile_blocks("language.md", &blocks);
}

#[test]
fn relative_links_resolve() {
    let root = workspace_root();
    let mut docs: Vec<PathBuf> = vec![root.join("README.md")];
    for name in ["cli.md", "diagnostics.md", "language.md", "tutorial.md"] {
        docs.push(root.join("docs").join(name));
    }
    let mut broken = Vec::new();
    for doc in &docs {
        let text = std::fs::read_to_string(doc).unwrap();
        for piece in text.split("](").skip(1) {
            let Some(end) = piece.find(')') else { continue };
            let target = &piece[..end];
            if target.starts_with("http") || target.starts_with('#') || target.contains(' ') {
                continue;
            }
            let file = target.split('#').next().unwrap_or(target);
            if !doc.parent().unwrap().join(file).exists() {
                broken.push(format!("{}: {target}", doc.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}
