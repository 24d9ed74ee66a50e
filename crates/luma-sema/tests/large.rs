//! A generated 10,000-line shader (structs, helpers with loops, branches, swizzles, matrices,
//! texture sampling, and entry points calling them all) checks clean. The time is printed
//! (`cargo test -p luma-sema --test large -- --nocapture`); nothing asserts on it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::fmt::Write as _;
use std::time::Instant;

/// About 25 lines per block; `blocks` blocks plus a fixed header and footer.
fn generate(blocks: usize) -> String {
    let mut s = String::new();
    s.push_str("struct Camera\n\tview_proj: mat4\n\tposition: vec4\nend\n");
    s.push_str("uniform camera: Camera\nuniform albedo: sampler2D\nbuffer results: []vec4\n\n");
    for k in 0..blocks {
        let _ = write!(
            s,
            "struct Light{k}
	position: vec4
	color: vec4
end

function shade{k}(l: Light{k}, p: vec3, n: vec3, uv: vec2) -> vec3
	let to_light = l.position.xyz - p
	let d = length(to_light)
	let ndl = max(dot(n, to_light / d), 0.0)
	let acc = vec3(0.0)
	for i = 0, 3 do
		let f = float(i) * 0.25 + {k}.0 * 0.001
		if f > 0.5 then
			acc += l.color.rgb * ndl * f
		elseif f > 0.25 then
			acc.xy += vec2(f, ndl)
		else
			acc = mix(acc, vec3(f), 0.5)
		end
	end
	let m = mat3(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0), n)
	let t = sample_level(albedo, uv + vec2(float({k} % 7) * 0.01), 0.0)
	let bits = (uint({k}) << 3) ~ 0x5A5Au
	let w = if (bits & 1u) == 0 then 1.0 else 0.5
	return m * acc * t.rgb * w / (1.0 + d * d)
end

"
        );
    }
    s.push_str("@entry(compute) @workgroup_size(64)\nfunction main(@builtin(global_invocation_id) id: uvec3)\n");
    s.push_str("\tlet p = vec3(id) * 0.1\n\tlet total = vec3(0.0)\n");
    for k in 0..blocks {
        let _ = writeln!(
            s,
            "\ttotal += shade{k}(Light{k} {{ position = vec4(1.0, 2.0, 3.0, 1.0), color = vec4(1.0) }}, p, vec3(0.0, 1.0, 0.0), p.xy)"
        );
    }
    s.push_str("\tresults[id.x] = vec4(total, 1.0)\nend\n");
    s
}

#[test]
fn ten_thousand_lines_check_clean() {
    let text = generate(385);
    let lines = text.lines().count();
    assert!(lines >= 10_000, "only {lines} lines");
    let start = Instant::now();
    let c = common::check_str("large.luma", &text);
    let elapsed = start.elapsed();
    assert!(
        c.program.is_some() && c.diags.as_slice().is_empty(),
        "{}",
        c.rendered()
    );
    let profile = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    eprintln!(
        "preprocess + parse + check of {lines} lines ({} bytes): {elapsed:?} ({profile})",
        text.len()
    );

    // The checker alone, on the already parsed module.
    let mut diags = luma_base::Diagnostics::default();
    let module = luma_syntax::parse(&text, &luma_base::Limits::default(), &mut diags);
    let start = Instant::now();
    let program = luma_sema::check(&module, &luma_sema::CheckOptions::default(), &mut diags);
    let check_time = start.elapsed();
    assert!(program.is_some());
    eprintln!("check alone: {check_time:?} ({profile})");
}
