//! One pre-pass over each typed function body, made before any lowering: which functions it
//! calls, which locals must live in memory, and per statement which locals it reads, assigns
//! and declares, so that liveness queries while lowering need no further walks of the body.
//!
//! Statements are numbered in pre-order (a statement, then the statements of its first block,
//! then those of its `else` block), so the statements nested in statement `k` are exactly
//! `k + 1 .. end(k)`, and a block's statements after position `p` are a range too. The lowering
//! follows the same numbering ([`StmtInfo`]).
//!
//! The walk uses explicit work lists instead of recursion, so arbitrarily nested input cannot
//! overflow the stack.

use luma_thir::{
    ArrayLen, Block, ExprConst, ExprId, ExprKind, Exprs, FuncId, Program, Stmt, StmtKind, Ty,
};

use crate::function::FnBody;

/// Calls `f` on every direct sub-expression of an expression of `exprs`.
fn expr_children(exprs: &Exprs, kind: &ExprKind, mut f: impl FnMut(ExprId)) {
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
        | ExprKind::Construct { args } => exprs.list(*args).iter().copied().for_each(f),
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

/// Whether `id` is an integer constant, and its value.
pub(crate) fn const_index(exprs: &Exprs, id: ExprId) -> Option<i64> {
    match exprs.get(id).map(|e| &e.kind) {
        Some(ExprKind::Const(ExprConst::Int(v))) => Some(i64::from(*v)),
        Some(ExprKind::Const(ExprConst::Uint(v))) => Some(i64::from(*v)),
        _ => None,
    }
}

/// The local at the root of a `Field` / `Index` / `Swizzle` chain, if any.
fn place_root_local(exprs: &Exprs, mut id: ExprId) -> Option<usize> {
    loop {
        match &exprs.get(id)?.kind {
            ExprKind::Field { base, .. }
            | ExprKind::Swizzle { base, .. }
            | ExprKind::Index { base, .. } => id = *base,
            ExprKind::Local(l) => return Some(l.index()),
            _ => return None,
        }
    }
}

/// Where a statement's nested statements are in the pre-order numbering.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct StmtInfo {
    /// One past the last statement nested in this one.
    pub end: u32,
    /// For an `if`, the number of the first statement of its `else` block (`end` without one).
    pub else_start: u32,
    /// The statement's address, to check that lowering follows the numbering.
    #[cfg(debug_assertions)]
    addr: usize,
}

/// What the pre-pass learned about one function.
#[derive(Debug, Default)]
pub(crate) struct FnInfo {
    /// The user functions it calls, each once, in handle order.
    pub callees: Vec<FuncId>,
    /// Per local: whether it must live in function memory (an array or matrix indexed with an
    /// index that is not an in-range constant, or a local containing one on the indexed path).
    pub memory: Vec<bool>,
    /// Every statement, in pre-order.
    stmts: Vec<StmtInfo>,
    /// Per local `l`: its reads are `read_pos[read_start[l]..read_start[l + 1]]`, the numbers of
    /// the statements whose own expressions read it (a partial or compound assignment reads
    /// too), increasing.
    read_start: Vec<u32>,
    read_pos: Vec<u32>,
    /// `(statement, local)` for every assignment, by statement (the `let` does not count).
    writes: Vec<(u32, u32)>,
    /// `(statement, local)` for every `let` and `for` counter, by statement.
    declares: Vec<(u32, u32)>,
}

impl FnInfo {
    /// The numbering of statement `k`; `stmt` is checked against it in debug builds.
    pub fn stmt(&self, k: u32, stmt: &Stmt) -> StmtInfo {
        let info = self.stmts.get(k as usize).copied().unwrap_or_default();
        #[cfg(debug_assertions)]
        debug_assert!(
            info.addr == stmt as *const Stmt as usize,
            "lowering lost the statement numbering at {k}"
        );
        #[cfg(not(debug_assertions))]
        let _ = stmt;
        info
    }

    /// The number of statements.
    pub fn stmt_count(&self) -> u32 {
        self.stmts.len() as u32
    }

    /// Whether some statement numbered in `lo..hi` reads local `l`.
    pub fn reads_in(&self, l: usize, lo: u32, hi: u32) -> bool {
        let (Some(&a), Some(&b)) = (self.read_start.get(l), self.read_start.get(l + 1)) else {
            return false;
        };
        let pos = self
            .read_pos
            .get(a as usize..b as usize)
            .unwrap_or_default();
        let i = pos.partition_point(|&p| p < lo);
        pos.get(i).is_some_and(|&p| p < hi)
    }

    /// The locals some statement numbered in `lo..hi` assigns, increasing.
    pub fn writes_in(&self, lo: u32, hi: u32) -> Vec<usize> {
        let mut out = Vec::new();
        push_locals_in(&self.writes, lo, hi, &mut out);
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The locals some statement numbered in `lo..hi` assigns or declares, increasing: those
    /// whose SSA value the statements may change.
    pub fn touched_in(&self, lo: u32, hi: u32) -> Vec<usize> {
        let mut out = Vec::new();
        push_locals_in(&self.writes, lo, hi, &mut out);
        push_locals_in(&self.declares, lo, hi, &mut out);
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Appends the locals of the pairs whose statement is in `lo..hi` (`pairs` is by statement).
fn push_locals_in(pairs: &[(u32, u32)], lo: u32, hi: u32, out: &mut Vec<usize>) {
    let a = pairs.partition_point(|&(s, _)| s < lo);
    let b = pairs.partition_point(|&(s, _)| s < hi);
    if let Some(range) = pairs.get(a..b) {
        out.extend(range.iter().map(|&(_, l)| l as usize));
    }
}

/// The blocks a statement owns directly: its body or `then` block, and an `else` block.
fn stmt_blocks(stmt: &Stmt) -> (Option<&Block>, Option<&Block>) {
    match &stmt.kind {
        StmtKind::If(i) => (Some(&i.then_block), i.else_block.as_ref()),
        StmtKind::For(f) => (Some(&f.body), None),
        StmtKind::While(w) => (Some(&w.body), None),
        StmtKind::Block(body) => (Some(body), None),
        _ => (None, None),
    }
}

/// Per-walk state: the function's facts being gathered and a reused expression stack.
struct Walker<'p> {
    prog: &'p Program,
    /// The expressions of the body walked.
    exprs: &'p Exprs,
    info: FnInfo,
    /// `(local, statement)` for every read, by statement.
    reads: Vec<(u32, u32)>,
    /// The last statement that recorded a read of each local (`u32::MAX`: none yet), so each
    /// statement records a local once.
    last_read: Vec<u32>,
    stack: Vec<ExprId>,
}

impl Walker<'_> {
    fn read(&mut self, l: usize, k: u32) {
        if let Some(last) = self.last_read.get_mut(l) {
            if *last != k {
                *last = k;
                self.reads.push((l as u32, k));
            }
        }
    }

    /// Walks the expression tree at `root` of statement `k`: calls, memory locals, and reads
    /// of every local except `skip` (the local a whole assignment replaces).
    fn expr(&mut self, root: ExprId, k: u32, skip: Option<ExprId>) {
        let exprs = self.exprs;
        let mut stack = std::mem::take(&mut self.stack);
        stack.push(root);
        while let Some(id) = stack.pop() {
            let Some(e) = exprs.get(id) else {
                continue;
            };
            match &e.kind {
                ExprKind::Local(l) if Some(id) != skip => self.read(l.index(), k),
                ExprKind::Call { function, .. } => self.info.callees.push(*function),
                ExprKind::Index { base, index } => self.index(*base, *index),
                _ => {}
            }
            expr_children(exprs, &e.kind, |c| stack.push(c));
        }
        self.stack = stack;
    }

    /// An array or matrix indexed with an index that is not an in-range constant lives in
    /// memory, with the local at the root of its place.
    fn index(&mut self, base: ExprId, index: ExprId) {
        let (prog, exprs) = (self.prog, self.exprs);
        let Some(base_expr) = exprs.get(base) else {
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
        if const_index(exprs, index).is_some_and(|c| c >= 0 && c < len) {
            return;
        }
        if let Some(l) = place_root_local(exprs, base) {
            if let Some(m) = self.info.memory.get_mut(l) {
                *m = true;
            }
        }
    }

    /// The statement's own expressions (not those of nested blocks), numbered `k`.
    fn stmt(&mut self, stmt: &Stmt, k: u32) {
        match &stmt.kind {
            StmtKind::Let { local, value } => {
                self.info.declares.push((k, local.index() as u32));
                self.expr(*value, k, None);
            }
            StmtKind::Assign { target, op, value } => {
                self.expr(*value, k, None);
                // The root local of the place is assigned; it is read too unless the whole
                // local is replaced (a plain assignment to the bare local).
                if let Some(l) = place_root_local(self.exprs, *target) {
                    self.info.writes.push((k, l as u32));
                }
                let whole = op.is_none()
                    && matches!(
                        self.exprs.get(*target).map(|e| &e.kind),
                        Some(ExprKind::Local(_))
                    );
                self.expr(*target, k, whole.then_some(*target));
            }
            StmtKind::Expr(e) => self.expr(*e, k, None),
            StmtKind::If(i) => self.expr(i.cond, k, None),
            StmtKind::For(f) => {
                self.info.declares.push((k, f.var.index() as u32));
                self.expr(f.start, k, None);
                self.expr(f.end, k, None);
                if let Some(s) = f.step {
                    self.expr(s, k, None);
                }
            }
            StmtKind::While(w) => self.expr(w.cond, k, None),
            StmtKind::Return(Some(e)) => self.expr(*e, k, None),
            StmtKind::Block(_) | StmtKind::Break | StmtKind::Return(None) | StmtKind::Discard => {}
        }
    }
}

/// Analyses one function body in a single walk.
pub(crate) fn analyze(prog: &Program, body: FnBody<'_>) -> FnInfo {
    let FnBody {
        block: body,
        exprs,
        locals,
    } = body;
    let n = locals.len();
    let mut w = Walker {
        prog,
        exprs,
        info: FnInfo {
            memory: vec![false; n],
            ..FnInfo::default()
        },
        reads: Vec::new(),
        last_read: vec![u32::MAX; n],
        stack: Vec::new(),
    };
    // Each frame: the statement owning the block (`None` for the body), the block's
    // statements still to visit, and the owner's `else` block still to come.
    type Frame<'b> = (Option<u32>, std::slice::Iter<'b, Stmt>, Option<&'b Block>);
    let mut frames: Vec<Frame<'_>> = vec![(None, body.stmts.iter(), None)];
    while let Some((owner, iter, next)) = frames.last_mut() {
        if let Some(s) = iter.next() {
            let k = w.info.stmts.len() as u32;
            let (first, second) = stmt_blocks(s);
            w.info.stmts.push(StmtInfo {
                end: k + 1,
                // Set when the first block ends (see below).
                else_start: if first.is_some() { u32::MAX } else { k + 1 },
                #[cfg(debug_assertions)]
                addr: s as *const Stmt as usize,
            });
            w.stmt(s, k);
            if let Some(first) = first {
                frames.push((Some(k), first.stmts.iter(), second));
            }
            continue;
        }
        let owner = *owner;
        let next = next.take();
        frames.pop();
        let Some(k) = owner else { continue };
        let here = w.info.stmts.len() as u32;
        if let Some(info) = w.info.stmts.get_mut(k as usize) {
            if info.else_start == u32::MAX {
                info.else_start = here;
            }
            if next.is_none() {
                info.end = here;
            }
        }
        if let Some(b) = next {
            frames.push((Some(k), b.stmts.iter(), None));
        }
    }
    w.info.callees.sort_unstable();
    w.info.callees.dedup();
    // Reads by local (a counting sort keeps each local's statements increasing).
    let mut start = vec![0u32; n + 1];
    for &(l, _) in &w.reads {
        if let Some(c) = start.get_mut(l as usize + 1) {
            *c += 1;
        }
    }
    for i in 1..start.len() {
        let prev = start.get(i - 1).copied().unwrap_or(0);
        if let Some(c) = start.get_mut(i) {
            *c += prev;
        }
    }
    let mut fill = start.clone();
    let mut pos = vec![0u32; w.reads.len()];
    for &(l, k) in &w.reads {
        if let Some(f) = fill.get_mut(l as usize) {
            if let Some(p) = pos.get_mut(*f as usize) {
                *p = k;
            }
            *f += 1;
        }
    }
    w.info.read_start = start;
    w.info.read_pos = pos;
    w.info
}
