//! The text form of IR nested deeper than the language's nesting limit round-trips: lowering a
//! program within the limit nests IR deeper (a loop's exit test and an if-expression with
//! effects are IR levels of their own), and the fuzz targets print and reparse every module.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use luma_ir::parse::parse_module;
use luma_ir::print::print_module;
use luma_ir::{Block, Module, Stmt, StmtKind};

const BASE: &str = r#"
const c0: bool = true
fn fn0 "main"() {
  %0: bool = const c0
body:
  return
}
entry compute "main" = fn0 @workgroup_size(1, 1, 1)
"#;

/// `main` with `levels` nested `if`s.
fn nested_ifs(levels: usize) -> Module {
    let mut m = parse_module(BASE).unwrap();
    let (_, f) = m.functions.iter_mut().next().unwrap();
    let cond = f.param_value(0); // the first value, `%0`: main has no parameters
    let stmt = |kind| Stmt { kind, loc: None };
    let yield_block = |f: &mut luma_ir::Function| {
        f.blocks.append(Block {
            stmts: vec![stmt(StmtKind::Yield(Vec::new()))],
        })
    };
    let mut inner = yield_block(f);
    for _ in 1..levels {
        let reject = yield_block(f);
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
    let reject = yield_block(f);
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
fn ifs_nested_twice_the_language_limit_round_trip() {
    let text = print_module(&nested_ifs(520));
    let back = parse_module(&text).unwrap();
    assert_eq!(print_module(&back), text);
}

#[test]
fn nesting_past_the_parser_bound_is_an_error() {
    let text = print_module(&nested_ifs(1100));
    let err = parse_module(&text).unwrap_err();
    assert!(err.message.contains("nest too deeply"), "{err}");
}
