//! IR nested deeper than the language's nesting limit (256): lowering a program within the
//! limit produces such IR (a Luma block, a loop's exit test and an if-expression with effects
//! are each an IR level), so the writer must take it. Found by `crates/luma-tests/tests/limits.rs`:
//! 255 nested `for` loops were "blocks nest too deeply".
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
fn ifs_nested_twice_the_language_limit_are_written() {
    let out = write(&nested_ifs(520), &Options::default()).unwrap();
    assert!(out.source.matches("if (").count() >= 520);
}

#[test]
fn ifs_nested_5000_deep_are_written_without_a_crash() {
    // The front end accepts such IR too: each arm of an `elseif` chain whose condition needs
    // statements (`and`, a call) is one level deeper. The writer grows its stack as it goes,
    // so this thread's 2 MiB is enough.
    let out = write(&nested_ifs(5000), &Options::default()).unwrap();
    assert!(out.source.matches("if (").count() >= 5000);
}
