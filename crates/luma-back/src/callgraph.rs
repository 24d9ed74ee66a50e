//! Which functions and globals each entry point reaches.
//!
//! SPIR-V 1.4+ lists every global an entry point uses in its interface, MSL passes them as entry
//! parameters, GLSL writes one output per entry point with only what it uses, and reflection
//! reports per-entry usage: all of them ask these questions.

use luma_base::Handle;
use luma_ir::{
    Function, GlobalVariable, ImageAccess, ImageClass, Module, Op, StmtKind, TypeInner, ValueDef,
};

/// Direct callees and directly used globals of every function.
#[derive(Debug, Clone)]
pub struct CallGraph {
    callees: Vec<Vec<Handle<Function>>>,
    globals: Vec<Vec<Handle<GlobalVariable>>>,
}

impl CallGraph {
    /// Builds the graph of `module` (sorted, deduplicated lists).
    pub fn new(module: &Module) -> CallGraph {
        let mut callees = Vec::with_capacity(module.functions.len());
        let mut globals = Vec::with_capacity(module.functions.len());
        for (_, function) in module.functions.iter() {
            let mut calls = Vec::new();
            let mut used = Vec::new();
            // Walk only what the body reaches, so values left unused in the arena by a pass do
            // not count as uses.
            let mut pending = vec![function.body];
            while let Some(block) = pending.pop() {
                let Some(block) = function.blocks.get(block) else {
                    continue;
                };
                for stmt in &block.stmts {
                    let mut note = |v: Handle<luma_ir::Value>| {
                        if let Some(ValueDef::GlobalPointer(g)) =
                            function.values.get(v).map(|v| &v.def)
                        {
                            used.push(*g);
                        }
                    };
                    stmt.kind.for_each_operand(&mut note);
                    match &stmt.kind {
                        StmtKind::Value(v) => {
                            if let Some(ValueDef::Op(op)) = function.values.get(*v).map(|v| &v.def)
                            {
                                op.for_each_operand(&mut note);
                                if let Op::Call { function, .. } = op {
                                    calls.push(*function);
                                }
                            }
                        }
                        StmtKind::Call { function, .. } => calls.push(*function),
                        _ => {}
                    }
                    stmt.kind.for_each_block(|b| pending.push(b));
                }
            }
            calls.sort();
            calls.dedup();
            used.sort();
            used.dedup();
            callees.push(calls);
            globals.push(used);
        }
        CallGraph { callees, globals }
    }

    /// Functions `function` calls directly.
    pub fn callees(&self, function: Handle<Function>) -> &[Handle<Function>] {
        self.callees
            .get(function.index())
            .map_or(&[], |v| v.as_slice())
    }

    /// Globals `function` refers to directly.
    pub fn direct_globals(&self, function: Handle<Function>) -> &[Handle<GlobalVariable>] {
        self.globals
            .get(function.index())
            .map_or(&[], |v| v.as_slice())
    }

    /// `root` and every function it reaches, callees before callers, each once.
    pub fn reachable(&self, root: Handle<Function>) -> Vec<Handle<Function>> {
        let mut order = Vec::new();
        // A set of what is reached, not a flag per function of the module: back ends ask this
        // per entry point, and modules may have thousands of entry points.
        let mut seen = rustc_hash::FxHashSet::default();
        self.post_order(root, &mut |f| seen.insert(f), &mut order);
        order
    }

    /// Every function, callees before their callers, each once (a cycle, which valid IR lacks,
    /// only changes the order).
    pub fn bottom_up(&self) -> Vec<Handle<Function>> {
        let n = self.callees.len();
        let mut order = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        let mut first_visit = |f: Handle<Function>| match seen.get_mut(f.index()) {
            Some(flag) if !*flag => {
                *flag = true;
                true
            }
            _ => false,
        };
        for root in 0..n {
            self.post_order(
                Handle::from_index(root as u32),
                &mut first_visit,
                &mut order,
            );
        }
        order
    }

    /// Appends to `order` the functions reachable from `root` not seen yet, callees first;
    /// `first_visit` marks a function seen and says whether it was not before. An iterative post-order walk: the IR forbids recursion, and a
    /// verified module has no cycles, but a cycle here would only stop the walk, never loop.
    fn post_order(
        &self,
        root: Handle<Function>,
        first_visit: &mut impl FnMut(Handle<Function>) -> bool,
        order: &mut Vec<Handle<Function>>,
    ) {
        if root.index() >= self.callees.len() || !first_visit(root) {
            return;
        }
        let mut stack: Vec<(Handle<Function>, usize)> = vec![(root, 0)];
        while let Some((f, next)) = stack.last().copied() {
            if let Some(&callee) = self.callees(f).get(next) {
                if let Some(top) = stack.last_mut() {
                    top.1 += 1;
                }
                if callee.index() < self.callees.len() && first_visit(callee) {
                    stack.push((callee, 0));
                }
            } else {
                stack.pop();
                order.push(f);
            }
        }
    }

    /// For every function, [`CallGraph::reachable_globals`], all computed in one bottom-up
    /// pass: asking function by function walked every callee again for each caller, quadratic
    /// on a long call chain.
    pub fn reachable_globals_of_every_function(&self) -> Vec<Vec<Handle<GlobalVariable>>> {
        let mut out: Vec<Vec<Handle<GlobalVariable>>> = vec![Vec::new(); self.callees.len()];
        for f in self.bottom_up() {
            let mut set: Vec<Handle<GlobalVariable>> = self.direct_globals(f).to_vec();
            for callee in self.callees(f) {
                if let Some(theirs) = out.get(callee.index()) {
                    set.extend_from_slice(theirs);
                }
            }
            set.sort();
            set.dedup();
            if let Some(slot) = out.get_mut(f.index()) {
                *slot = set;
            }
        }
        out
    }

    /// For every function: whether it or anything it calls has `property` (given per function
    /// by `direct`), in one bottom-up pass.
    pub fn reaches_any(&self, direct: &[bool]) -> Vec<bool> {
        let mut out = vec![false; self.callees.len()];
        for f in self.bottom_up() {
            let own = direct.get(f.index()).copied().unwrap_or(false);
            let through = self
                .callees(f)
                .iter()
                .any(|c| out.get(c.index()).copied().unwrap_or(false));
            if let Some(slot) = out.get_mut(f.index()) {
                *slot = own || through;
            }
        }
        out
    }

    /// Every global used by `root` or anything it calls, sorted by handle.
    pub fn reachable_globals(&self, root: Handle<Function>) -> Vec<Handle<GlobalVariable>> {
        let mut out: Vec<_> = self
            .reachable(root)
            .into_iter()
            .flat_map(|f| self.direct_globals(f).iter().copied())
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// `root` and every function it reaches, callees first.
pub fn reachable_functions(module: &Module, root: Handle<Function>) -> Vec<Handle<Function>> {
    CallGraph::new(module).reachable(root)
}

/// Every global `root` uses directly or through calls, sorted by handle.
pub fn used_globals(module: &Module, root: Handle<Function>) -> Vec<Handle<GlobalVariable>> {
    CallGraph::new(module).reachable_globals(root)
}

/// The global that pointer `v` of `function` points into: the global's own pointer, or an
/// access chain on it; `None` for a local or another value.
pub fn pointer_global(
    function: &Function,
    mut v: Handle<luma_ir::Value>,
) -> Option<Handle<GlobalVariable>> {
    // Access chains nest at most as deep as the function has values.
    for _ in 0..=function.values.len() {
        match function.values.get(v).map(|value| &value.def) {
            Some(ValueDef::GlobalPointer(root)) => return Some(*root),
            Some(ValueDef::Op(Op::AccessChain { base, .. })) => v = *base,
            _ => return None,
        }
    }
    None
}

/// Whether `function` stores to, or performs an atomic write on, memory rooted at global `g`.
pub fn writes_global(function: &Function, g: Handle<GlobalVariable>) -> bool {
    let rooted_at_g = |p| pointer_global(function, p) == Some(g);
    let atomic_write = function.values.iter().any(|(_, v)| {
        matches!(&v.def, ValueDef::Op(Op::Atomic { pointer, .. }) if rooted_at_g(*pointer))
    });
    atomic_write
        || function.blocks.iter().any(|(_, block)| {
            block.stmts.iter().any(|stmt| match &stmt.kind {
                StmtKind::Store { pointer, .. } | StmtKind::AtomicStore { pointer, .. } => {
                    rooted_at_g(*pointer)
                }
                _ => false,
            })
        })
}

/// Whether `function` loads (`image_load`) and whether it stores (`image_store`) storage images
/// of global `g` (an image or an element of an array of images).
pub fn image_uses(function: &Function, g: Handle<GlobalVariable>) -> (bool, bool) {
    let of_g = |image: Handle<luma_ir::Value>| match function.values.get(image).map(|v| &v.def) {
        Some(ValueDef::Op(Op::Load { pointer })) => pointer_global(function, *pointer) == Some(g),
        _ => false,
    };
    let loads = function
        .values
        .iter()
        .any(|(_, v)| matches!(&v.def, ValueDef::Op(Op::ImageLoad { image, .. }) if of_g(*image)));
    let stores = function.blocks.iter().any(|(_, block)| {
        block
            .stmts
            .iter()
            .any(|stmt| matches!(&stmt.kind, StmtKind::ImageStore { image, .. } if of_g(*image)))
    });
    (loads, stores)
}

/// The access `functions` together need to storage image global `g`: read-write when they
/// both load and store it, write when they only store, read when they only load or only query
/// it (`image_size` needs neither, and every format allows read).
pub fn image_access<'a>(
    functions: impl IntoIterator<Item = &'a Function>,
    g: Handle<GlobalVariable>,
) -> ImageAccess {
    let (mut loads, mut stores) = (false, false);
    for function in functions {
        let (l, s) = image_uses(function, g);
        loads |= l;
        stores |= s;
    }
    match (loads, stores) {
        (true, true) => ImageAccess::ReadWrite,
        (false, true) => ImageAccess::Write,
        _ => ImageAccess::Read,
    }
}

/// The format of global `g` when it is a read-write storage image or an array of them (the
/// globals whose access back ends may spell per entry point or function); `None` otherwise.
pub fn read_write_image_format(
    module: &Module,
    g: Handle<GlobalVariable>,
) -> Option<luma_ir::StorageFormat> {
    let mut ty = module.globals.get(g)?.ty;
    if let Some(TypeInner::Array { base, .. }) = module.types.get(ty).map(|t| &t.inner) {
        ty = *base;
    }
    match module.types.get(ty).map(|t| &t.inner) {
        Some(TypeInner::Image {
            class:
                ImageClass::Storage {
                    format,
                    access: ImageAccess::ReadWrite,
                },
            ..
        }) => Some(*format),
        _ => None,
    }
}

/// The union of two storage image accesses (`None`: no use).
pub fn join_image_access(a: Option<ImageAccess>, b: Option<ImageAccess>) -> Option<ImageAccess> {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some(x), Some(y)) if x == y => Some(x),
        _ => Some(ImageAccess::ReadWrite),
    }
}

/// Each entry point's need of one storage image: the union of `functions`' accesses (by
/// function index) over the functions the entry point reaches (`reached`, in entry order).
pub fn entry_image_needs(
    functions: &[Option<ImageAccess>],
    reached: &[Vec<Handle<Function>>],
) -> Vec<Option<ImageAccess>> {
    reached
        .iter()
        .map(|fs| {
            fs.iter().fold(None, |acc, f| {
                join_image_access(acc, functions.get(f.index()).copied().flatten())
            })
        })
        .collect()
}

/// The access with which each function declares one storage image, for back ends that spell it
/// per function (WGSL declarations, MSL arguments): starting from what each function does with
/// it (`own`, by function index), every function `shares(f)` says takes part gets the union of
/// the needs of the entry points reaching it ([`entry_image_needs`]), since each call passes
/// the caller's declaration; repeated until nothing changes (accesses only grow, so within
/// `reached.len() + 3` rounds).
pub fn settle_image_access(
    own: &[Option<ImageAccess>],
    reached: &[Vec<Handle<Function>>],
    shares: impl Fn(Handle<Function>) -> bool,
) -> Vec<Option<ImageAccess>> {
    let mut functions = own.to_vec();
    for _ in 0..=reached.len() + 2 {
        let needs = entry_image_needs(&functions, reached);
        let mut next = own.to_vec();
        for (fs, need) in reached.iter().zip(&needs) {
            for &f in fs {
                if shares(f) {
                    if let Some(slot) = next.get_mut(f.index()) {
                        *slot = join_image_access(*slot, *need);
                    }
                }
            }
        }
        let stable = next == functions;
        functions = next;
        if stable {
            break;
        }
    }
    functions
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(i: u32) -> Handle<Function> {
        Handle::from_index(i)
    }

    fn g(i: u32) -> Handle<GlobalVariable> {
        Handle::from_index(i)
    }

    /// f2 calls f1 and f3, f1 calls f0; f0 uses g0, f1 g2, f3 g1; f4 is alone.
    fn graph() -> CallGraph {
        CallGraph {
            callees: vec![vec![], vec![f(0)], vec![f(1), f(3)], vec![], vec![]],
            globals: vec![vec![g(0)], vec![g(2)], vec![], vec![g(1)], vec![]],
        }
    }

    #[test]
    fn bottom_up_puts_callees_first() {
        let graph = graph();
        let order = graph.bottom_up();
        assert_eq!(order.len(), 5);
        let at = |h: Handle<Function>| order.iter().position(|x| *x == h).unwrap_or(usize::MAX);
        for caller in 0..5 {
            for callee in graph.callees(f(caller)) {
                assert!(at(*callee) < at(f(caller)), "{callee:?} after {caller}");
            }
        }
    }

    #[test]
    fn bulk_answers_match_the_per_function_ones() {
        let graph = graph();
        let all = graph.reachable_globals_of_every_function();
        for i in 0..5 {
            assert_eq!(all[i as usize], graph.reachable_globals(f(i)), "f{i}");
        }
        assert_eq!(all[2], vec![g(0), g(1), g(2)]);
        let direct = [false, false, false, true, false];
        assert_eq!(
            graph.reaches_any(&direct),
            vec![false, false, true, true, false]
        );
    }
}
