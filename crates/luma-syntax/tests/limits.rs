//! Nesting limits: hostile nesting gets exactly one E0306 diagnostic and never a stack overflow,
//! even 100,000 levels deep on a thread with a 2 MiB stack; the default limits (nesting 256,
//! expression depth 16,384) are tested at the limit and one past it. Nesting counts every
//! expression or type node on a path (so 255 parentheses around a literal are 256 levels) except
//! the left operands of binary operators (so an operator chain `1 + 1 + ...` is two levels
//! however long), and, for statements, the function body plus each nested block; expression
//! depth counts every node, so a chain of n operands is n deep.

// Test helpers may unwrap and index: a panic there is a failed test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use luma_base::{Diagnostics, Limits, SourceMap};
use luma_syntax::ast::{ExprId, ExprKind, ItemKind, Module, StmtKind, TypeExprKind, TypeId};
use luma_syntax::dump::dump_ast;
use luma_syntax::parse;

const DEEP: usize = 100_000;

/// Parses on a thread with a 2 MiB stack (the default test thread size) and returns the codes.
fn parse_on_small_stack(text: String, limits: Limits) -> (Vec<&'static str>, Module) {
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            let mut diags = Diagnostics::default();
            let module = parse(&text, &limits, &mut diags);
            // The dump walks the tree too: it must not overflow either.
            let map = SourceMap::single("deep.luma", text.as_str());
            let dump = dump_ast(&module, &map);
            assert!(dump.starts_with("Module"));
            let codes = diags.as_slice().iter().map(|d| d.code.as_str()).collect();
            (codes, module)
        })
        .unwrap()
        .join()
        .expect("the parser must not overflow its stack")
}

fn expect_one_limit_error(text: String) {
    let (codes, module) = parse_on_small_stack(text, Limits::default());
    assert_eq!(codes, ["E0306"]);
    let limits = Limits::default();
    let nesting = max_depth(&module, Count::Nesting);
    assert!(
        nesting <= limits.nesting_depth as usize,
        "nesting {nesting}"
    );
    let depth = max_depth(&module, Count::EveryNode);
    assert!(depth <= limits.expression_depth as usize, "depth {depth}");
}

/// What [`max_depth`] counts.
#[derive(Clone, Copy, PartialEq)]
enum Count {
    /// Every node on the path.
    EveryNode,
    /// Every node but the left operands of binary operators (`Limits::nesting_depth`).
    Nesting,
}

fn expect_clean(text: String) -> Module {
    let (codes, module) = parse_on_small_stack(text, Limits::default());
    assert!(codes.is_empty(), "{codes:?}");
    module
}

/// The deepest expression/type path below the module's constants and globals, measured without
/// recursion.
fn max_depth(module: &Module, count: Count) -> usize {
    enum Node {
        E(ExprId),
        T(TypeId),
    }
    let mut stack: Vec<(Node, usize)> = Vec::new();
    for item in &module.items {
        match &item.kind {
            ItemKind::Const(c) => stack.push((Node::E(c.value), 1)),
            ItemKind::Global(g) => stack.push((Node::T(g.ty), 1)),
            _ => {}
        }
    }
    let mut deepest = 0;
    while let Some((node, depth)) = stack.pop() {
        deepest = deepest.max(depth);
        let next = depth + 1;
        match node {
            Node::E(e) => match &module.nodes.expr(e).expect("a module expression").kind {
                ExprKind::Unary { operand, .. } => stack.push((Node::E(*operand), next)),
                ExprKind::Binary { lhs, rhs, .. } => {
                    let lhs_level = if count == Count::Nesting { depth } else { next };
                    stack.push((Node::E(*lhs), lhs_level));
                    stack.push((Node::E(*rhs), next));
                }
                ExprKind::Call { callee, args } => {
                    stack.push((Node::E(*callee), next));
                    stack.extend(module.nodes.list(*args).iter().map(|a| (Node::E(*a), next)));
                }
                ExprKind::Field { base, .. } => stack.push((Node::E(*base), next)),
                ExprKind::Index { base, index } => {
                    stack.push((Node::E(*base), next));
                    stack.push((Node::E(*index), next));
                }
                ExprKind::StructLit(lit) => stack.extend(
                    module
                        .nodes
                        .struct_lit(*lit)
                        .expect("a struct literal")
                        .fields
                        .iter()
                        .map(|(_, v)| (Node::E(*v), next)),
                ),
                ExprKind::ArrayLit { ty, elements } => {
                    stack.extend(ty.map(|t| (Node::T(t), next)));
                    stack.extend(
                        module
                            .nodes
                            .list(*elements)
                            .iter()
                            .map(|v| (Node::E(*v), next)),
                    );
                }
                ExprKind::ArrayFill { ty, args } => {
                    stack.push((Node::T(*ty), next));
                    stack.extend(module.nodes.list(*args).iter().map(|v| (Node::E(*v), next)));
                }
                ExprKind::IfExpr {
                    cond,
                    then_value,
                    else_value,
                } => {
                    for x in [cond, then_value, else_value] {
                        stack.push((Node::E(*x), next));
                    }
                }
                ExprKind::Paren(inner) => stack.push((Node::E(*inner), next)),
                _ => {}
            },
            Node::T(t) => {
                if let TypeExprKind::Array { len, element } =
                    &module.nodes.ty(t).expect("a module type").kind
                {
                    stack.extend(len.map(|l| (Node::E(l), next)));
                    stack.push((Node::T(*element), next));
                }
            }
        }
    }
    deepest
}

fn nested_parens(levels: usize) -> String {
    format!("const X = {}1{}\n", "(".repeat(levels), ")".repeat(levels))
}

fn nested_dos(levels: usize) -> String {
    format!(
        "function f()\n{}{}end\n",
        "do ".repeat(levels),
        "end ".repeat(levels)
    )
}

#[test]
fn hundred_thousand_parentheses() {
    expect_one_limit_error(nested_parens(DEEP));
}

#[test]
fn hundred_thousand_do_blocks() {
    let (codes, _) = parse_on_small_stack(nested_dos(DEEP), Limits::default());
    assert_eq!(codes, ["E0306"]);
}

#[test]
fn hundred_thousand_nested_ifs_and_loops() {
    let text = format!(
        "function f()\n{}{}end\n",
        "if c then while c do for i = 1, 2 do ".repeat(DEEP / 3),
        "end end end ".repeat(DEEP / 3)
    );
    let (codes, _) = parse_on_small_stack(text, Limits::default());
    assert_eq!(codes, ["E0306"]);
}

#[test]
fn hundred_thousand_unary_operators() {
    expect_one_limit_error(format!("const X = {}1\n", "- not ~ #".repeat(DEEP / 4)));
}

#[test]
fn hundred_thousand_term_operator_chain() {
    expect_one_limit_error(format!("const X = 1{}\n", " + 1".repeat(DEEP)));
}

#[test]
fn hundred_thousand_postfix_operations() {
    expect_one_limit_error(format!("const X = a{}\n", ".b[0](c)".repeat(DEEP / 3)));
}

#[test]
fn hundred_thousand_nested_indexes_calls_and_literals() {
    expect_one_limit_error(format!(
        "const X = {}1{}\n",
        "a[".repeat(DEEP),
        "]".repeat(DEEP)
    ));
    expect_one_limit_error(format!(
        "const X = {}1{}\n",
        "f(".repeat(DEEP),
        ")".repeat(DEEP)
    ));
    expect_one_limit_error(format!(
        "const X = {}1{}\n",
        "{ a = ".repeat(DEEP),
        " }".repeat(DEEP)
    ));
    expect_one_limit_error(format!(
        "const X = {}1{}\n",
        "{ ".repeat(DEEP),
        " }".repeat(DEEP)
    ));
}

#[test]
fn hundred_thousand_nested_if_expressions() {
    expect_one_limit_error(format!(
        "const X = {}1{}\n",
        "if c then ".repeat(DEEP),
        " else 2".repeat(DEEP)
    ));
    expect_one_limit_error(format!("const X = {}1\n", "if c then 1 else ".repeat(DEEP)));
}

#[test]
fn hundred_thousand_nested_array_types() {
    expect_one_limit_error(format!("uniform u: {}float\n", "[1]".repeat(DEEP)));
    // Types and expressions alternating: array lengths holding array literals.
    expect_one_limit_error(format!(
        "uniform u: {}float{}\n",
        "[#[1]int { ".repeat(DEEP / 2),
        " }]".repeat(DEEP / 2)
    ));
}

#[test]
fn hundred_thousand_mixed_brackets_recover_cleanly() {
    // Past the limit the rest is skipped by counting brackets; what follows still parses.
    let text = format!("{}function after() end\n", nested_parens(DEEP));
    let (codes, module) = parse_on_small_stack(text, Limits::default());
    assert_eq!(codes, ["E0306"]);
    assert_eq!(module.items.len(), 2);
}

#[test]
fn expression_nesting_256_is_accepted_and_257_is_not() {
    expect_clean(nested_parens(255));
    expect_one_limit_error(nested_parens(256));
    expect_clean(format!("const X = {}1\n", "- ".repeat(255)));
    expect_one_limit_error(format!("const X = {}1\n", "- ".repeat(256)));
    // A right operand nests: `1 + (1 + (...))` is two levels per parenthesis (the parenthesis
    // and the `+` in it), below the outermost `+` and its right operand.
    let right_nested = |levels: usize| {
        format!(
            "const X = {}1{}\n",
            "1 + (".repeat(levels),
            ")".repeat(levels)
        )
    };
    expect_clean(right_nested(127));
    expect_one_limit_error(right_nested(128));
}

#[test]
fn operator_chains_are_bounded_by_the_expression_depth_not_the_nesting() {
    let depth = Limits::default().expression_depth as usize;
    // `1 + 1 + ... + 1`: one level of nesting however long, as deep as it has operands.
    let chain = |operands: usize| format!("const X = 1{}\n", " + 1".repeat(operands - 1));
    let module = expect_clean(chain(257));
    assert_eq!(max_depth(&module, Count::Nesting), 2);
    let module = expect_clean(chain(depth));
    assert_eq!(max_depth(&module, Count::EveryNode), depth);
    expect_one_limit_error(chain(depth + 1));
    // Every binary operator chains alike, `or` included.
    let logical = |operands: usize| format!("const X = c{}\n", " or c".repeat(operands - 1));
    expect_clean(logical(depth));
    expect_one_limit_error(logical(depth + 1));
}

#[test]
fn block_depth_256_is_accepted_and_257_is_not() {
    // The function body is level 1.
    let module = expect_clean(nested_dos(255));
    let mut depth = 1;
    let ItemKind::Function(f) = &module.items[0].kind else {
        panic!("a function")
    };
    let StmtKind::Do(first) = &f.body.block.stmts[0].kind else {
        panic!("a do block")
    };
    let mut block = first;
    while let Some(s) = block.stmts.first() {
        let StmtKind::Do(inner) = &s.kind else { break };
        block = inner;
        depth += 1;
    }
    assert_eq!(depth + 1, 256);
    let (codes, _) = parse_on_small_stack(nested_dos(256), Limits::default());
    assert_eq!(codes, ["E0306"]);
}

#[test]
fn type_depth_256_is_accepted_and_257_is_not() {
    expect_clean(format!("uniform u: {}float\n", "[1]".repeat(255)));
    expect_one_limit_error(format!("uniform u: {}float\n", "[1]".repeat(256)));
}

#[test]
fn the_limit_is_configurable() {
    let limits = Limits {
        nesting_depth: 4,
        ..Limits::default()
    };
    let (codes, _) = parse_on_small_stack(nested_parens(3), limits);
    assert!(codes.is_empty());
    let (codes, _) = parse_on_small_stack(nested_parens(4), limits);
    assert_eq!(codes, ["E0306"]);
    let (codes, _) = parse_on_small_stack(nested_dos(3), limits);
    assert!(codes.is_empty());
    let (codes, _) = parse_on_small_stack(nested_dos(4), limits);
    assert_eq!(codes, ["E0306"]);
    let limits = Limits {
        expression_depth: 10,
        ..Limits::default()
    };
    let (codes, _) = parse_on_small_stack(format!("const X = 1{}\n", " + 1".repeat(9)), limits);
    assert!(codes.is_empty(), "{codes:?}");
    let (codes, _) = parse_on_small_stack(format!("const X = 1{}\n", " + 1".repeat(10)), limits);
    assert_eq!(codes, ["E0306"]);
}

#[test]
fn one_limit_error_per_declaration() {
    let text = format!("{}{}", nested_parens(300), nested_parens(300));
    let (codes, _) = parse_on_small_stack(text, Limits::default());
    assert_eq!(codes, ["E0306", "E0306"]);
}

#[test]
fn huge_source_is_rejected_by_parse_itself() {
    let limits = Limits {
        max_source_bytes: 10,
        ..Limits::default()
    };
    let (codes, module) = parse_on_small_stack("const X = 1\n".to_owned(), limits);
    assert_eq!(codes, ["E0104"]);
    assert!(module.items.is_empty());
}

#[test]
fn every_kind_of_nesting_at_its_limit_at_once_fits_a_small_stack() {
    // 255 nested `if` blocks (the heaviest block statement) inside the function body, holding
    // an expression 200 parentheses deep whose innermost value is an array literal with a type
    // nested 40 deep: every limit nearly reached at once.
    let ty = format!("{}float", "[1]".repeat(40));
    let inner = format!("{ty} {{ 1.0 }}");
    let expr = format!("{}{inner}{}", "(".repeat(200), ")".repeat(200));
    let text = format!(
        "function f()\n{}let x = {expr}\n{}end\n",
        "if c then ".repeat(255),
        "end ".repeat(255)
    );
    let (codes, _) = parse_on_small_stack(text, Limits::default());
    assert!(codes.is_empty(), "{codes:?}");
}
