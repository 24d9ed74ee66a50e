//! IR nested deeper than the language's nesting limit (256): lowering a program within the
//! limit produces such IR (a Luma block, a loop's exit test and an if-expression with effects
//! are each an IR level), so the writer must take it without a crash (255 nested `for` loops
//! were once "blocks nest too deeply"), and refuse, with a diagnostic, output nested past the
//! 256 brackets that clang-based compilers parse.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use luma_back_msl::{write, Options};
use luma_ir::{parse::parse_module, Block, Module, Stmt, StmtKind};

const BASE: &str = r#"
const c0: bool = true
fn fn0 "main"() {
  %0: bool = const c0
body:
  return
}
entry compute "main" = fn0 @workgroup_size(1, 1, 1)
"#;

/// `main` with `levels` nested `if`s around nothing.
fn nested_ifs(levels: usize) -> Module {
    let mut m = parse_module(BASE).unwrap();
    let (_, f) = m.functions.iter_mut().next().unwrap();
    let cond = f.param_value(0); // the first value: `%0` (main has no parameters)
    let stmt = |kind| Stmt { kind, loc: None };
    let mut inner = f.blocks.append(Block {
        stmts: vec![stmt(StmtKind::Yield(Vec::new()))],
    });
    for _ in 1..levels {
        let reject = f.blocks.append(Block {
            stmts: vec![stmt(StmtKind::Yield(Vec::new()))],
        });
        let if_stmt = stmt(StmtKind::If {
            condition: cond,
            accept: inner,
            reject,
            results: Box::default(),
        });
        inner = f.blocks.append(Block {
            stmts: vec![if_stmt, stmt(StmtKind::Yield(Vec::new()))],
        });
    }
    let reject = f.blocks.append(Block {
        stmts: vec![stmt(StmtKind::Yield(Vec::new()))],
    });
    let body = f.body;
    f.blocks[body].stmts.insert(
        0,
        stmt(StmtKind::If {
            condition: cond,
            accept: inner,
            reject,
            results: Box::default(),
        }),
    );
    luma_ir::verify::verify(&m).unwrap();
    m
}

#[test]
fn ifs_nested_within_clangs_bracket_depth_are_written() {
    let out = write(&nested_ifs(250), &Options::default()).unwrap();
    assert!(out.source.matches("if (").count() >= 250);
}

#[test]
fn ifs_nested_past_clangs_bracket_depth_are_refused_without_a_crash() {
    // Twice the language's limit, and 5,000 deep, which the front end accepts too: each arm of
    // an `elseif` chain whose condition needs statements (`and`, a call) is one level deeper
    // within a group of 32 arms. The writer grows its stack as it goes, so this thread's 2 MiB
    // is enough to write them; Metal's compiler would refuse the output (more than 256 brackets), so
    // the back end does.
    for levels in [520, 5000] {
        let error = write(&nested_ifs(levels), &Options::default()).unwrap_err();
        assert_eq!(error.code.as_str(), "E0942", "{}", error.message);
        assert!(error.message.contains("nests blocks"), "{}", error.message);
    }
}
