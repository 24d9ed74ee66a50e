//! Shared by the HLSL tests: options that give `num_workgroups` a binding, and validation of
//! every entry point through glslang (`-D`, HLSL input) and `spirv-val`.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

use luma_back_hlsl::{HlslOutput, Options};
use luma_ir::{Module, ResourceBinding, ShaderStage};
use luma_testutil::{require_tool, run, scratch_dir};

/// Default options, with `num_workgroups` in a constant buffer one group past every binding.
pub fn options_for(module: &Module) -> Options {
    let group = module
        .globals
        .iter()
        .filter_map(|(_, g)| g.binding.map(|b| b.group + 1))
        .max()
        .unwrap_or(0);
    Options {
        num_workgroups: Some(ResourceBinding { group, binding: 0 }),
        ..Options::default()
    }
}

/// Compiles every entry point with glslang and validates the SPIR-V.
pub fn validate(label: &str, out: &HlslOutput) -> Result<(), String> {
    let glslang = require_tool("glslangValidator");
    let spirv_val = require_tool("spirv-val");
    let dir = scratch_dir(&format!("hlsl-{}", label.replace(['/', '\\'], "_")));
    let src = dir.join("shader.hlsl");
    std::fs::write(&src, &out.source).unwrap();
    let mut errors = Vec::new();
    for ep in &out.entry_points {
        let stage = match ep.stage {
            ShaderStage::Vertex => "vert",
            ShaderStage::Fragment => "frag",
            ShaderStage::Compute => "comp",
            other => panic!("unexpected stage {other:?}"),
        };
        let spv = dir.join(format!("{}.spv", ep.name));
        let (ok, log) = run(Command::new(&glslang)
            .args([
                "-D",
                "-e",
                &ep.name,
                "-S",
                stage,
                "-V",
                "--target-env",
                "vulkan1.1",
                "-o",
            ])
            .arg(&spv)
            .arg(&src));
        if !ok {
            errors.push(format!(
                "{label}: glslang rejected entry `{}`:\n{log}",
                ep.name
            ));
            continue;
        }
        let (ok, log) = run(Command::new(&spirv_val)
            .args(["--target-env", "vulkan1.1"])
            .arg(&spv));
        if !ok {
            errors.push(format!(
                "{label}: spirv-val rejected entry `{}`:\n{log}",
                ep.name
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n"))
    }
}
