//! Hostile input: nesting far past `Limits::nesting_depth` (built directly as syntax trees, since
//! the parser stops earlier) gives one limit diagnostic, never a stack overflow; programs at the
//! limit still check; long chains the parser builds without nesting work too. Every test runs
//! on the default test thread (2 MiB of stack), in debug and release builds alike.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use luma_base::{Diagnostics, Limits, Span};
use luma_sema::{check, CheckOptions};
use luma_syntax::ast::{
    Block, Body, ConstDecl, Expr, ExprKind, FunctionDecl, Ident, Item, ItemKind, LiteralBits,
    Module, Names, Nodes, Stmt, StmtKind, TypeExpr, TypeExprKind, UnaryOp,
};

const DEEP: usize = 100_000;

fn ident(names: &mut Names, name: &str) -> Ident {
    Ident {
        name: names.intern(name),
        span: Span::new(0, 1),
    }
}

fn codes(d: &Diagnostics) -> Vec<&'static str> {
    d.as_slice().iter().map(|x| x.code.as_str()).collect()
}

fn run(module: &Module) -> (bool, Vec<&'static str>) {
    let mut diags = Diagnostics::default();
    let p = check(module, &CheckOptions::default(), &mut diags);
    let c = codes(&diags);
    (p.is_some(), c)
}

#[test]
fn deep_expression_tree() {
    let mut names = Names::default();
    let mut nodes = Nodes::default();
    let mut e = nodes.push_expr(Expr {
        kind: ExprKind::Int {
            value: LiteralBits::from_u64(1),
            unsigned: false,
        },
        span: Span::new(0, 1),
    });
    for i in 0..DEEP {
        let kind = if i % 2 == 0 {
            ExprKind::Paren(e)
        } else {
            ExprKind::Unary {
                op: UnaryOp::Neg,
                op_span: Span::new(0, 1),
                operand: e,
            }
        };
        e = nodes.push_expr(Expr {
            kind,
            span: Span::new(0, 1),
        });
    }
    let module = Module {
        items: vec![Item {
            attributes: Vec::new(),
            kind: ItemKind::Const(ConstDecl {
                name: ident(&mut names, "X"),
                ty: None,
                value: e,
            }),
            span: Span::new(0, 1),
        }],
        nodes,
        names,
    };
    let (ok, c) = run(&module);
    assert!(!ok);
    assert_eq!(c, ["E0706"]);
}

#[test]
fn deep_block_tree() {
    let mut names = Names::default();
    let mut block = Block::default();
    for _ in 0..DEEP {
        block = Block {
            stmts: vec![Stmt {
                kind: StmtKind::Do(Box::new(block)),
                span: Span::new(0, 1),
            }],
            span: Span::new(0, 1),
        };
    }
    let module = Module {
        items: vec![Item {
            attributes: Vec::new(),
            kind: ItemKind::Function(FunctionDecl {
                name: ident(&mut names, "f"),
                params: Vec::new(),
                ret: None,
                body: Body {
                    block,
                    nodes: Nodes::for_body(),
                },
            }),
            span: Span::new(0, 1),
        }],
        nodes: Nodes::default(),
        names,
    };
    let (ok, c) = run(&module);
    assert!(!ok);
    assert_eq!(c, ["E0706"]);
    // Dropping a 100,000-deep tree recurses in the generated drop glue; keep it off this test's
    // stack by leaking it (the test process ends right after).
    std::mem::forget(module);
}

#[test]
fn deep_type_tree() {
    let mut names = Names::default();
    let mut nodes = Nodes::default();
    let one = nodes.push_expr(Expr {
        kind: ExprKind::Int {
            value: LiteralBits::from_u64(1),
            unsigned: false,
        },
        span: Span::new(0, 1),
    });
    let mut t = nodes.push_type(TypeExpr {
        kind: TypeExprKind::Named(ident(&mut names, "float")),
        span: Span::new(0, 1),
    });
    for _ in 0..DEEP {
        t = nodes.push_type(TypeExpr {
            kind: TypeExprKind::Array {
                len: Some(one),
                element: t,
            },
            span: Span::new(0, 1),
        });
    }
    let module = Module {
        items: vec![Item {
            attributes: Vec::new(),
            kind: ItemKind::Global(luma_syntax::ast::GlobalDecl {
                kind: luma_syntax::ast::GlobalKind::Buffer,
                keyword_span: Span::new(0, 1),
                name: ident(&mut names, "b"),
                ty: t,
            }),
            span: Span::new(0, 1),
        }],
        nodes,
        names,
    };
    let (ok, c) = run(&module);
    assert!(!ok);
    assert_eq!(c, ["E0706"]);
}

/// `n` nested parentheses around a literal, in a function that returns it.
fn nested_parens(n: usize) -> String {
    format!(
        "function f() -> float\n\treturn {}1.0{}\nend\n",
        "(".repeat(n),
        ")".repeat(n)
    )
}

#[test]
fn nesting_at_the_limit_checks() {
    let limits = Limits {
        nesting_depth: 64,
        ..Limits::default()
    };
    // The return expression is one level, the literal another: 62 parentheses reach 64.
    let c = common::check_str_with("t.luma", &nested_parens(62), limits);
    assert!(c.program.is_some(), "{}", c.rendered());
    let c = common::check_str_with("t.luma", &nested_parens(200), limits);
    assert!(c.program.is_none());
}

#[test]
fn nesting_at_the_default_limit_checks() {
    // Blocks and expressions are counted separately: the deepest block holds the deepest
    // expression the parser accepts.
    let depth = 250;
    let mut src = String::from("function f(x: float) -> float\n\tlet y = x\n");
    for _ in 0..depth {
        src.push_str("do\n");
    }
    src.push_str(&format!("y = {}x{}\n", "(".repeat(250), ")".repeat(250)));
    for _ in 0..depth {
        src.push_str("end\n");
    }
    src.push_str("\treturn y\nend\n");
    let c = common::check_str("t.luma", &src);
    assert!(c.program.is_some(), "{}", c.rendered());
}

#[test]
fn long_chains_without_nesting() {
    // 5,000 `elseif` arms: one `If` nest in the typed program, handled without recursion.
    let mut src = String::from("function f(x: int) -> int\n\tif x == 0 then\n\t\treturn 0\n");
    for i in 1..5000 {
        src.push_str(&format!("\telseif x == {i} then\n\t\treturn {i}\n"));
    }
    src.push_str("\tend\n\treturn -1\nend\n");
    let c = common::check_str("t.luma", &src);
    assert!(c.program.is_some(), "{}", c.rendered());
    let text = luma_sema::dump::dump_program(c.program.as_ref().unwrap());
    assert!(text.contains("elseif"));

    // 20,000 statements and 2,000 functions.
    let mut src = String::new();
    for i in 0..2000 {
        src.push_str(&format!("function f{i}(x: float) -> float\n"));
        for j in 0..10 {
            src.push_str(&format!("\tlet v{j} = x * {j}.5 + float({i})\n"));
        }
        src.push_str("\treturn v9\nend\n");
    }
    let c = common::check_str("t.luma", &src);
    assert!(c.program.is_some(), "{}", c.rendered());
}

#[test]
fn declaration_chains_in_reverse_order() {
    // Each constant refers to the next one: resolution recurses through the chain and stops at
    // the limit with one diagnostic.
    let n = 2000;
    let mut src = String::new();
    for i in 0..n {
        src.push_str(&format!("const C{i}: int = C{} + 1\n", i + 1));
    }
    src.push_str(&format!("const C{n}: int = 0\n"));
    let c = common::check_str("t.luma", &src);
    assert!(c.program.is_none());
    assert!(c.rendered().contains("E0706"), "{}", c.rendered());
    assert_eq!(c.diags.error_count(), 1, "{}", c.rendered());

    // Structs nesting each other 2,000 deep.
    let mut src = String::from("struct S0\n\tx: float\nend\n");
    for i in 1..=n {
        src.push_str(&format!("struct S{i}\n\tinner: S{}\nend\n", i - 1));
    }
    let c = common::check_str("t.luma", &src);
    assert!(c.program.is_none());
    assert!(c.rendered().contains("E0706"), "{}", c.rendered());
}

#[test]
fn array_size_limit() {
    let limits = Limits {
        max_array_elements: 1000,
        ..Limits::default()
    };
    let c = common::check_str_with("t.luma", "buffer b: [1000]float", limits);
    assert!(c.program.is_some(), "{}", c.rendered());
    let c = common::check_str_with("t.luma", "buffer b: [1001]float", limits);
    assert!(c.rendered().contains("E0705"), "{}", c.rendered());
}

#[test]
fn constant_step_limit_counts_copies_of_tables() {
    // A 100-element table copied into 100 expressions: 10,000 steps.
    let mut src = String::from("const T: [100]float = {");
    src.push_str(&vec!["1.0"; 100].join(", "));
    src.push_str("}\nbuffer out: []float\n@entry(compute) @workgroup_size(1)\nfunction main(@builtin(global_invocation_id) i: uvec3)\n");
    for k in 0..100 {
        src.push_str(&format!("\tout[{k}] = T[i.x]\n"));
    }
    src.push_str("end\n");
    let enough = Limits {
        max_const_eval_steps: 1000,
        ..Limits::default()
    };
    let c = common::check_str_with("t.luma", &src, enough);
    assert!(c.program.is_some(), "{}", c.rendered());
    let tight = Limits {
        max_const_eval_steps: 500,
        ..Limits::default()
    };
    let c = common::check_str_with("t.luma", &src, tight);
    assert!(c.rendered().contains("E0704"), "{}", c.rendered());
}

#[test]
fn unroll_limit_at_and_past_it() {
    let src = |n: u32| {
        format!("buffer o: []float\n@entry(compute) @workgroup_size(1)\nfunction m()\n\t@unroll\n\tfor i = 1, {n} do\n\t\to[i] = 1.0\n\tend\nend\n")
    };
    let limits = Limits {
        max_unroll_iterations: 16,
        ..Limits::default()
    };
    let c = common::check_str_with("t.luma", &src(16), limits);
    assert!(c.program.is_some(), "{}", c.rendered());
    let c = common::check_str_with("t.luma", &src(17), limits);
    assert!(c.rendered().contains("E0709"), "{}", c.rendered());
}

#[test]
fn deepest_frames_at_the_default_limit() {
    // The expression forms with the largest stack frames, nested as deep as the parser allows
    // (about 250 levels), inside deeply nested blocks.
    let n = 120;
    let forms = [
        ("abs(", ")"),
        ("vec2(", ").x"),
        ("g(", ")"),
        ("(if c then ", " else 0.0)"),
        ("a[int(", ")]"),
        ("-(", " * 2.0)"),
        ("S { v = ", " }.v"),
        ("max(1.0, clamp(", ", 0.0, 1.0))"),
    ];
    for (open, close) in forms {
        let mut src = String::from(
            "struct S\n\tv: float\nend\nfunction g(x: float) -> float\n\treturn x\nend\n",
        );
        src.push_str("function f(x: float, c: bool, a: [4]float) -> float\n\tlet y = x\n");
        for _ in 0..n {
            src.push_str("do\n");
        }
        src.push_str(&format!("y = {}x{}\n", open.repeat(n), close.repeat(n)));
        for _ in 0..n {
            src.push_str("end\n");
        }
        src.push_str("\treturn y\nend\n");
        let c = common::check_str("t.luma", &src);
        // Either it checks, or the parser's own nesting limit stops it first.
        let text = c.rendered();
        assert!(
            c.program.is_some() || text.contains("nested too deeply"),
            "{open}: {text}"
        );
    }
}
