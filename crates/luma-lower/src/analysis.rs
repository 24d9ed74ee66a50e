//! Pre-passes over typed function bodies: which locals a piece of code reads or assigns, which
//! locals must live in memory, and which functions a function calls.
//!
//! Every walk here uses an explicit work list instead of recursion, so arbitrarily nested input
//! cannot overflow the stack.

use std::collections::BTreeMap;

use luma_thir::{
    ArrayLen, Block, ConstValue, ExprId, ExprKind, FuncId, FunctionDef, Program, Stmt, StmtKind, Ty,
};

/// A fixed-size set of small integers (local indices).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// An empty set for members `0..n`.
    pub fn new(n: usize) -> BitSet {
        BitSet {
            words: vec![0; n.div_ceil(64)],
        }
    }

    /// Adds `i` (members past the size given to `new` are ignored).
    pub fn insert(&mut self, i: usize) {
        if let Some(w) = self.words.get_mut(i / 64) {
            *w |= 1u64 << (i % 64);
        }
    }

    /// Whether `i` is a member.
    pub fn contains(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|w| w & (1u64 << (i % 64)) != 0)
    }

    /// Members in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut rest = w;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some(wi * 64 + b)
            })
        })
    }
}

/// Calls `f` on every direct sub-expression of an expression.
pub(crate) fn expr_children(kind: &ExprKind, mut f: impl FnMut(ExprId)) {
    match kind {
        ExprKind::Const(_)
        | ExprKind::SpecConst(_)
        | ExprKind::Local(_)
        | ExprKind::Global(_)
        | ExprKind::Error => {}
        ExprKind::Unary { operand, .. } => f(*operand),
        ExprKind::Binary { lhs, rhs, .. } => {
            f(*lhs);
            f(*rhs);
        }
        ExprKind::Call { args, .. }
        | ExprKind::Builtin { args, .. }
        | ExprKind::Construct { args } => args.iter().copied().for_each(f),
        ExprKind::Splat { value } | ExprKind::Convert { value } | ExprKind::Bitcast { value } => {
            f(*value)
        }
        ExprKind::Field { base, .. } | ExprKind::Swizzle { base, .. } => f(*base),
        ExprKind::Index { base, index } => {
            f(*base);
            f(*index);
        }
        ExprKind::ArrayLength { base } => f(*base),
        ExprKind::Select {
            cond,
            accept,
            reject,
        } => {
            f(*cond);
            f(*accept);
            f(*reject);
        }
    }
}

/// Calls `f` on every expression node of the tree rooted at `root` (root included).
pub(crate) fn for_each_expr_node(prog: &Program, root: ExprId, mut f: impl FnMut(ExprId)) {
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        f(id);
        if let Some(e) = prog.exprs.get(id) {
            expr_children(&e.kind, |c| stack.push(c));
        }
    }
}

/// Calls `f` on the root expressions a statement evaluates directly (not those of nested blocks).
pub(crate) fn stmt_root_exprs(stmt: &Stmt, mut f: impl FnMut(ExprId)) {
    match &stmt.kind {
        StmtKind::Let { value, .. } => f(*value),
        StmtKind::Assign { target, value, .. } => {
            f(*target);
            f(*value);
        }
        StmtKind::Expr(e) => f(*e),
        StmtKind::If { cond, .. } => f(*cond),
        StmtKind::For {
            start, end, step, ..
        } => {
            f(*start);
            f(*end);
            if let Some(s) = step {
                f(*s);
            }
        }
        StmtKind::While { cond, .. } => f(*cond),
        StmtKind::Return(Some(e)) => f(*e),
        StmtKind::Block(_) | StmtKind::Break | StmtKind::Return(None) | StmtKind::Discard => {}
    }
}

/// Calls `f` on the blocks a statement owns directly.
pub(crate) fn stmt_blocks<'a>(stmt: &'a Stmt, mut f: impl FnMut(&'a Block)) {
    match &stmt.kind {
        StmtKind::If {
            then_block,
            else_block,
            ..
        } => {
            f(then_block);
            if let Some(b) = else_block {
                f(b);
            }
        }
        StmtKind::For { body, .. } | StmtKind::While { body, .. } | StmtKind::Block(body) => {
            f(body)
        }
        _ => {}
    }
}

/// Every statement of `blocks`, nested ones included (order unspecified).
pub(crate) fn for_each_stmt<'a>(blocks: &[&'a Block], mut f: impl FnMut(&'a Stmt)) {
    let mut stack: Vec<&'a Stmt> = blocks.iter().flat_map(|b| b.stmts.iter()).collect();
    while let Some(s) = stack.pop() {
        f(s);
        stmt_blocks(s, |b| stack.extend(b.stmts.iter()));
    }
}

/// The locals a piece of code reads and the locals it assigns.
#[derive(Debug, Clone)]
pub(crate) struct Usage {
    /// Locals whose current value may be read (a partial or compound assignment reads too).
    pub reads: BitSet,
    /// Locals assigned (not counting their `let`).
    pub writes: BitSet,
    /// Locals declared (`let` and `for` counters).
    pub declares: BitSet,
}

impl Usage {
    /// Empty sets for a function with `n` locals.
    pub fn new(n: usize) -> Usage {
        Usage {
            reads: BitSet::new(n),
            writes: BitSet::new(n),
            declares: BitSet::new(n),
        }
    }

    /// Adds what the expression tree at `root` reads.
    pub fn add_expr(&mut self, prog: &Program, root: ExprId) {
        visit_expr_reads(prog, root, &mut |l| self.reads.insert(l));
    }

    /// Adds what `blocks` (and every nested block) read and assign.
    pub fn add_blocks(&mut self, prog: &Program, blocks: &[&Block]) {
        for_each_stmt(blocks, |s| {
            match &s.kind {
                StmtKind::Let { local, .. } | StmtKind::For { var: local, .. } => {
                    self.declares.insert(local.index())
                }
                _ => {}
            }
            visit_stmt_shallow(prog, s, &mut |l| self.reads.insert(l), &mut |l| {
                self.writes.insert(l)
            })
        });
    }

    /// The locals a region may change the SSA value of (assigned or declared in it).
    pub fn touched(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self.writes.iter().chain(self.declares.iter()).collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Calls `read` for every local an expression tree reads.
fn visit_expr_reads(prog: &Program, root: ExprId, read: &mut dyn FnMut(usize)) {
    for_each_expr_node(prog, root, |id| {
        if let Some(ExprKind::Local(l)) = prog.exprs.get(id).map(|e| &e.kind) {
            read(l.index());
        }
    });
}

/// Reads and writes of one statement's own expressions (nested blocks not entered).
fn visit_stmt_shallow(
    prog: &Program,
    stmt: &Stmt,
    read: &mut dyn FnMut(usize),
    write: &mut dyn FnMut(usize),
) {
    match &stmt.kind {
        StmtKind::Assign {
            target, op, value, ..
        } => {
            visit_expr_reads(prog, *value, read);
            // Walk the place: index expressions are read; the root local is written, and also
            // read unless the whole local is replaced.
            let mut id = *target;
            let mut whole = op.is_none();
            loop {
                match prog.exprs.get(id).map(|e| &e.kind) {
                    Some(ExprKind::Field { base, .. }) | Some(ExprKind::Swizzle { base, .. }) => {
                        whole = false;
                        id = *base;
                    }
                    Some(ExprKind::Index { base, index }) => {
                        whole = false;
                        visit_expr_reads(prog, *index, read);
                        id = *base;
                    }
                    Some(ExprKind::Local(l)) => {
                        write(l.index());
                        if !whole {
                            read(l.index());
                        }
                        break;
                    }
                    Some(_) => {
                        visit_expr_reads(prog, id, read);
                        break;
                    }
                    None => break,
                }
            }
        }
        _ => stmt_root_exprs(stmt, |e| visit_expr_reads(prog, e, read)),
    }
}

/// For each local read by some statement of `stmts` (nested blocks included), the index of the
/// last such statement.
pub(crate) fn last_reads(prog: &Program, stmts: &[Stmt]) -> BTreeMap<usize, usize> {
    let mut map = BTreeMap::new();
    for (i, s) in stmts.iter().enumerate() {
        for_each_stmt_in(s, |inner| {
            visit_stmt_shallow(
                prog,
                inner,
                &mut |l| {
                    map.insert(l, i);
                },
                &mut |_| {},
            );
        });
    }
    map
}

/// `stmt` and every statement nested in it.
fn for_each_stmt_in<'a>(stmt: &'a Stmt, mut f: impl FnMut(&'a Stmt)) {
    let mut stack = vec![stmt];
    while let Some(s) = stack.pop() {
        f(s);
        stmt_blocks(s, |b| stack.extend(b.stmts.iter()));
    }
}

/// Whether `id` is an integer constant, and its value.
pub(crate) fn const_index(prog: &Program, id: ExprId) -> Option<i64> {
    match prog.exprs.get(id).map(|e| &e.kind) {
        Some(ExprKind::Const(ConstValue::Int(v))) => Some(i64::from(*v)),
        Some(ExprKind::Const(ConstValue::Uint(v))) => Some(i64::from(*v)),
        _ => None,
    }
}

/// The locals that must live in function memory: arrays and matrices indexed with an index that
/// is not an in-range constant (a read or a write anywhere in the function), and any local
/// containing such an array or matrix on the indexed path.
pub(crate) fn memory_locals(prog: &Program, def: &FunctionDef) -> Vec<bool> {
    let mut mem = vec![false; def.locals.len()];
    for_each_stmt(&[&def.body], |s| {
        stmt_root_exprs(s, |root| {
            for_each_expr_node(prog, root, |id| {
                let Some(ExprKind::Index { base, index }) = prog.exprs.get(id).map(|e| &e.kind)
                else {
                    return;
                };
                let Some(base_expr) = prog.exprs.get(*base) else {
                    return;
                };
                let len = match prog.types.get(base_expr.ty) {
                    Ty::Array {
                        len: ArrayLen::Fixed(n),
                        ..
                    } => i64::from(n),
                    Ty::Array { .. } => 0,
                    Ty::Matrix { columns, .. } => i64::from(columns),
                    _ => return,
                };
                if const_index(prog, *index).is_some_and(|c| c >= 0 && c < len) {
                    return;
                }
                if let Some(l) = place_root_local(prog, *base) {
                    if let Some(m) = mem.get_mut(l) {
                        *m = true;
                    }
                }
            })
        })
    });
    mem
}

/// The local at the root of a `Field` / `Index` / `Swizzle` chain, if any.
pub(crate) fn place_root_local(prog: &Program, mut id: ExprId) -> Option<usize> {
    loop {
        match &prog.exprs.get(id)?.kind {
            ExprKind::Field { base, .. }
            | ExprKind::Swizzle { base, .. }
            | ExprKind::Index { base, .. } => id = *base,
            ExprKind::Local(l) => return Some(l.index()),
            _ => return None,
        }
    }
}

/// The user functions `def` calls, each once, in handle order.
pub(crate) fn callees(prog: &Program, def: &FunctionDef) -> Vec<FuncId> {
    let mut out = Vec::new();
    for_each_stmt(&[&def.body], |s| {
        stmt_root_exprs(s, |root| {
            for_each_expr_node(prog, root, |id| {
                if let Some(ExprKind::Call { function, .. }) = prog.exprs.get(id).map(|e| &e.kind) {
                    out.push(*function);
                }
            })
        })
    });
    out.sort();
    out.dedup();
    out
}
