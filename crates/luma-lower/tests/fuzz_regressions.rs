//! Programs the fuzzers (`fuzz/`) found that the checker accepts but lowering once rejected
//! with an internal error: each must lower to IR that verifies.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

fn lowers(source: &str) {
    let front = common::front(source);
    common::lower_ok(&front.program);
}

/// A local assigned in an `if` and overwritten after it before any read is dead after the
/// `if`; the overwrite must not read the dropped value (it was E0899 "read where it has no
/// value"). Found by the `generate` target.
#[test]
fn whole_assignment_after_a_dead_conditional_write() {
    lowers(
        "buffer out: []int
@entry(compute) @workgroup_size(1)
function main()
	let c = 1
	if out[1] > 0 then
		c = 2
	end
	c = 3
end
",
    );
    lowers(
        "buffer out: []int
function h() -> int
	let c = vec4(1.0)
	if out[1] > 0 then
		if false then
			c.w = 2.0
		end
		c = vec4(3.0)
	end
	return 0
end
@entry(compute) @workgroup_size(1)
function main()
	out[0] = h()
end
",
    );
}
