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

/// A 5,000-arm `if`/`elseif` chain compiles for every target: lowering splits it into groups of
/// 32 arms side by side, and text targets write each group as a flat `else if` chain, within
/// their nesting limits and without a stack frame per arm.
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

/// An `elseif` chain stays a flat chain of `} else if` in every text target, with and without
/// `#line` directives and debug names: a directive written for a value that writes no line of
/// its own (the inlined comparison) stood between `} else {` and the `if`, so each arm nested
/// one level deeper (4,000 arms: 128 MB of GLSL).
#[test]
fn elseif_chains_stay_flat_with_line_directives() {
    const ARMS: usize = 200;
    let mut source = String::from(
        "buffer out: []int\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tlet x = out[0]\n\tif x == 0 then\n\t\tout[1] = 0\n",
    );
    for i in 1..ARMS {
        source.push_str(&format!("\telseif x == {i} then\n\t\tout[1] = {i}\n"));
    }
    source.push_str("\tend\nend\n");
    for (line_directives, debug) in [(false, false), (true, false), (false, true), (true, true)] {
        let options = Options {
            line_directives,
            debug,
            ..Options::default()
        };
        let targets = [Target::Glsl, Target::Hlsl, Target::Msl, Target::Wgsl];
        let result = compile("chain.luma", &source, &FsReader, &options, &targets);
        assert!(result.success(), "{}", result.render(false));
        for out in &result.outputs {
            let lumac::OutputData::Text(text) = &out.data else {
                panic!("{:?}: not text", out.target);
            };
            let label = format!(
                "{:?} (line directives {line_directives}, debug {debug})",
                out.target
            );
            // Every arm but the first is an `else if`: each later group of 32 arms (see
            // `luma-lower`'s `CHAIN_GROUP`) goes on from `if (taken) {}` at the head's level.
            let chained = text.matches("} else if").count();
            assert_eq!(chained, ARMS - 1, "{label}: {chained} `}} else if`\n{text}");
            let deepest = text
                .lines()
                .map(|l| l.len() - l.trim_start().len())
                .max()
                .unwrap_or(0);
            assert!(deepest <= 16, "{label}: indented {deepest} columns\n{text}");
        }
    }
}
