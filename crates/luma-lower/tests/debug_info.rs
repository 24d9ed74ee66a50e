//! Debug information: `debug_sources` and statement locations from the source map (`#line`
//! renames included), only when asked for.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use common::build::Pb;
use luma_base::{Diagnostics, Segment, SourceFile, SourceMap, Span};
use luma_ir::{DebugSource, SourceLoc, StmtKind};
use luma_lower::{lower, LowerOptions};
use luma_thir::BinaryOp;

const TEXT: &str = "function f(x: int) -> int\n\tlet y = x + 1\n\treturn y\nend\n";

fn program() -> luma_thir::Program {
    let mut pb = Pb::new();
    let int = pb.int();
    let f = pb.function("f", &[("x", int)], Some(int), |f| {
        let x = f.param(0);
        let (xv, one) = (f.get(x), f.i(1));
        let sum = f.bin(BinaryOp::Add, xv, one);
        let (y, s0) = f.new_let("y", sum);
        let yv = f.get(y);
        vec![s0, f.ret(Some(yv))]
    });
    let def = pb.p.functions.get_mut(f).unwrap();
    // `let` starts at byte 27 (line 2, column 2), `return` at byte 42 (line 3, column 2).
    def.body.stmts[0].span = Span::new(27, 40);
    def.body.stmts[1].span = Span::new(42, 50);
    pb.p
}

fn locs(m: &luma_ir::Module) -> Vec<(String, Option<SourceLoc>)> {
    let f = m.functions.iter().next().unwrap().1;
    f.blocks[f.body]
        .stmts
        .iter()
        .map(|s| {
            let what = match &s.kind {
                StmtKind::Value(_) => "value",
                StmtKind::Return(_) => "return",
                _ => "other",
            };
            (what.to_string(), s.loc)
        })
        .collect()
}

#[test]
fn locations_follow_the_source_map() {
    let map = SourceMap::single("shader.luma", TEXT);
    let options = LowerOptions {
        debug: true,
        ..common::lower_options()
    };
    let mut diags = Diagnostics::default();
    let m = lower(&program(), Some(&map), &options, &mut diags).unwrap();
    assert_eq!(
        m.debug_sources,
        [DebugSource {
            name: "shader.luma".into(),
            text: Some(TEXT.into())
        }]
    );
    let at = |line, column| {
        Some(SourceLoc {
            source: 0,
            line,
            column,
        })
    };
    assert_eq!(
        locs(&m),
        [
            ("value".to_string(), at(2, 2)),
            ("return".to_string(), at(3, 2))
        ]
    );
}

#[test]
fn line_directives_rename_and_renumber() {
    // The second half of the file is under `#line 100 "gen.luma"`.
    let mut map = SourceMap::new();
    let file = map.add_file(SourceFile::new("shader.luma", TEXT));
    map.line_names.push("gen.luma".into());
    map.push_segment(Segment {
        expanded_start: 0,
        len: 41,
        file,
        file_start: 0,
        line_delta: 0,
        renamed: None,
    });
    map.push_segment(Segment {
        expanded_start: 41,
        len: TEXT.len() as u32 - 41,
        file,
        file_start: 41,
        line_delta: 97,
        renamed: Some(0),
    });
    let options = LowerOptions {
        debug: true,
        ..common::lower_options()
    };
    let mut diags = Diagnostics::default();
    let m = lower(&program(), Some(&map), &options, &mut diags).unwrap();
    assert_eq!(m.debug_sources.len(), 2);
    assert_eq!(m.debug_sources[1].name, "gen.luma");
    assert_eq!(m.debug_sources[1].text, None);
    let l = locs(&m);
    assert_eq!(l[0].1.unwrap().source, 0);
    assert_eq!(
        l[1].1,
        Some(SourceLoc {
            source: 1,
            line: 100,
            column: 2
        })
    );
}

#[test]
fn no_debug_information_unless_asked() {
    let map = SourceMap::single("shader.luma", TEXT);
    let mut diags = Diagnostics::default();
    let m = lower(&program(), Some(&map), &common::lower_options(), &mut diags).unwrap();
    assert!(m.debug_sources.is_empty());
    assert!(locs(&m).iter().all(|(_, l)| l.is_none()));
}
