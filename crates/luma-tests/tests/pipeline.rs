//! Every corpus shader compiles to every target at every opt level, deterministically.

use lumac::{compile, FsReader, OptLevel, Options, Target};

fn options(opt: OptLevel) -> Options {
    Options {
        opt_level: opt,
        include_dirs: vec![luma_testutil::tests_dir()
            .join("shaders/include")
            .to_string_lossy()
            .into_owned()],
        // HLSL has no `num_workgroups` system value: shaders that read it need this buffer
        // (E0922 without it). No corpus shader binds anything in group 15.
        hlsl_num_workgroups: Some(lumac::ResourceBinding {
            group: 15,
            binding: 0,
        }),
        ..Options::default()
    }
}

#[test]
fn corpus_compiles_to_every_target_at_every_level() {
    let corpus = luma_testutil::shader_corpus();
    assert!(corpus.len() >= 20, "corpus too small: {}", corpus.len());
    let mut failures = Vec::new();
    for path in &corpus {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.to_string_lossy();
        for opt in [OptLevel::None, OptLevel::Basic, OptLevel::Aggressive] {
            let result = compile(&name, &text, &FsReader, &options(opt), &Target::ALL);
            if !result.success() {
                failures.push(format!("{name} at {opt:?}:\n{}", result.render(false)));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn output_is_byte_identical_across_runs() {
    for path in luma_testutil::shader_corpus() {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.to_string_lossy();
        let a = compile(
            &name,
            &text,
            &FsReader,
            &options(OptLevel::Aggressive),
            &Target::ALL,
        );
        let b = compile(
            &name,
            &text,
            &FsReader,
            &options(OptLevel::Aggressive),
            &Target::ALL,
        );
        assert_eq!(a.outputs, b.outputs, "{name}: outputs differ between runs");
        assert_eq!(
            a.ir_hash(),
            b.ir_hash(),
            "{name}: IR hash differs between runs"
        );
    }
}

/// A 5,000-arm `if`/`elseif` chain nests 5,000 deep in the IR; every text target writes it as a
/// flat `else if` chain, within its nesting limits and without a stack frame per arm.
#[test]
fn long_elseif_chain_compiles_to_every_target() {
    let mut text = String::from(
        "buffer out: []int\n@entry(compute) @workgroup_size(1)\nfunction main()\n\
         \tif out[1] == 0 then\n\t\tout[0] = 0\n",
    );
    for i in 1..5000 {
        text.push_str(&format!("\telseif out[1] == {i} then\n\t\tout[0] = {i}\n"));
    }
    text.push_str("\tend\nend\n");
    let result = compile(
        "elseif_chain.luma",
        &text,
        &FsReader,
        &options(OptLevel::Basic),
        &Target::ALL,
    );
    assert!(result.success(), "{}", result.render(false));
}
