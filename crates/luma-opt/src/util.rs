//! What every pass needs: the block tree and where values are defined, program-order walks,
//! replacing uses, removing statements, and compaction of functions and modules (so that no
//! orphan values, blocks, locals, constants or types remain).
//!
//! Every walk is iterative: nesting depth comes from user input.

use luma_base::{Arena, Handle, UniqueArena};
use luma_ir::{
    Block, Constant, ConstantValue, Function, Literal, Module, Op, Stmt, StmtKind, Type, TypeInner,
    Value, ValueDef, ValueNames,
};
use rustc_hash::FxHashMap;

/// The position of a statement: its block and index.
pub(crate) type Pos = (Handle<Block>, usize);

/// One step of a program-order walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Event {
    /// Entering a block (before its statements).
    Enter(Handle<Block>),
    /// Statement `index` of `block`; the blocks it owns follow as nested `Enter`/`Leave`.
    Stmt(Handle<Block>, usize),
    /// Leaving a block.
    Leave(Handle<Block>),
}

/// The walk of `f` in program order: each statement, then the blocks it owns (accept before
/// reject), then the next statement. Blocks are visited once even if (invalidly) shared.
pub(crate) fn program_order(f: &Function) -> Vec<Event> {
    walk_from(f, f.body)
}

/// [`program_order`] from `root` instead of the body.
pub(crate) fn walk_from(f: &Function, root: Handle<Block>) -> Vec<Event> {
    let mut events = Vec::with_capacity(f.blocks.len() * 2 + f.values.len());
    walk_blocks(&f.blocks, root, |event| events.push(event));
    events
}

/// Calls `visit` with each event of the walk [`walk_from`] lists, without building the list
/// (on big shaders the list and its growth were a good part of every pass). It takes the block
/// arena alone so that callers may change values while walking.
pub(crate) fn walk_blocks(
    blocks: &Arena<Block>,
    root: Handle<Block>,
    mut visit: impl FnMut(Event),
) {
    walk_with_stmts(blocks, root, |event, _| visit(event));
}

/// The statements of the walk [`walk_blocks`] makes, each with its position, for callers that
/// need no block entries or exits (and would otherwise look each statement up again).
pub(crate) fn walk_stmts<'b>(
    blocks: &'b Arena<Block>,
    root: Handle<Block>,
    mut visit: impl FnMut(Handle<Block>, usize, &'b Stmt),
) {
    walk_with_stmts(blocks, root, |event, stmt| {
        if let (Event::Stmt(b, i), Some(stmt)) = (event, stmt) {
            visit(b, i, stmt);
        }
    });
}

/// [`walk_blocks`], giving each `Stmt` event its statement.
fn walk_with_stmts<'b>(
    blocks: &'b Arena<Block>,
    root: Handle<Block>,
    mut visit: impl FnMut(Event, Option<&'b Stmt>),
) {
    enum Task {
        Enter(Handle<Block>),
        Stmt(Handle<Block>, usize),
    }
    let mut seen = vec![false; blocks.len()];
    let mut tasks = vec![Task::Enter(root)];
    while let Some(task) = tasks.pop() {
        match task {
            Task::Enter(b) => {
                match seen.get_mut(b.index()) {
                    Some(flag) if !*flag => *flag = true,
                    _ => continue,
                }
                visit(Event::Enter(b), None);
                tasks.push(Task::Stmt(b, 0));
            }
            Task::Stmt(b, start) => {
                // The block's statements one after another, until one owns blocks: those are
                // walked next, and the rest of this block after them.
                let stmts = blocks.get(b).map_or(&[][..], |blk| blk.stmts.as_slice());
                let mut i = start;
                loop {
                    let Some(stmt) = stmts.get(i) else {
                        visit(Event::Leave(b), None);
                        break;
                    };
                    visit(Event::Stmt(b, i), Some(stmt));
                    // The owned blocks go on the stack last first, so the first is walked
                    // first (the order `for_each_block` gives them).
                    match &stmt.kind {
                        StmtKind::If { accept, reject, .. } => {
                            tasks.push(Task::Stmt(b, i + 1));
                            tasks.push(Task::Enter(*reject));
                            tasks.push(Task::Enter(*accept));
                            break;
                        }
                        StmtKind::Loop(l) => {
                            tasks.push(Task::Stmt(b, i + 1));
                            tasks.push(Task::Enter(l.body));
                            break;
                        }
                        _ => i += 1,
                    }
                }
            }
        }
    }
}

/// The statement at `(block, index)`.
pub(crate) fn stmt_at(f: &Function, block: Handle<Block>, index: usize) -> Option<&Stmt> {
    f.blocks.get(block)?.stmts.get(index)
}

/// Where things are in a function's block tree.
#[derive(Debug, Clone)]
pub(crate) struct Tree {
    /// For each block: the block and statement index of the statement that owns it.
    pub parent: Vec<Option<Pos>>,
    /// For each value: the block whose statement places or lists it (for carried values, the
    /// loop body); `None` for parameters, constants and variable pointers.
    pub def_block: Vec<Option<Handle<Block>>>,
    /// For each block: the `Loop` statement that a `Continue` or `Break` in it targets (what
    /// [`innermost_loop`] finds by climbing the tree), found by the walk.
    pub loop_of: Vec<Option<Pos>>,
}

impl Tree {
    /// Computes the tree of `f`.
    pub fn new(f: &Function) -> Tree {
        Self::from_root(f, f.body)
    }

    /// The tree of the blocks reachable from `root`.
    pub fn from_root(f: &Function, root: Handle<Block>) -> Tree {
        Self::walk(f, root, None, None)
    }

    /// The tree of `f` and its [`Regions`], found by one walk, which also lists every
    /// statement in program order into `stmts` when given.
    pub fn with_regions<'f>(
        f: &'f Function,
        stmts: Option<&mut Vec<(Pos, &'f Stmt)>>,
    ) -> (Tree, Regions) {
        let mut regions = Regions {
            exits: FxHashMap::default(),
            in_order: Vec::new(),
        };
        let tree = Self::walk(f, f.body, Some(&mut regions), stmts);
        (tree, regions)
    }

    /// Builds the tree from `root`; with `regions`, also fills in the [`Regions`] (the blocks
    /// enclosing a statement are entered before it, so their parents are known when it is
    /// met), and with `stmts`, lists the statements.
    fn walk<'f>(
        f: &'f Function,
        root: Handle<Block>,
        mut regions: Option<&mut Regions>,
        mut stmts: Option<&mut Vec<(Pos, &'f Stmt)>>,
    ) -> Tree {
        let mut parent = vec![None; f.blocks.len()];
        let mut def_block = vec![None; f.values.len()];
        // Set as the walk enters blocks, so that an exit does not climb the whole tree (quadratic
        // in an `elseif` chain, each arm one block deeper, whose arms `break`).
        let mut loop_of: Vec<Option<Pos>> = vec![None; f.blocks.len()];
        let set = |v: Handle<Value>, b: Handle<Block>, def_block: &mut Vec<_>| {
            if let Some(slot) = def_block.get_mut(v.index()) {
                *slot = Some(b);
            }
        };
        walk_stmts(&f.blocks, root, |b, i, stmt| {
            if let Some(list) = stmts.as_deref_mut() {
                list.push(((b, i), stmt));
            }
            let around = match stmt.kind {
                StmtKind::Loop(_) => Some((b, i)),
                _ => loop_of.get(b.index()).copied().flatten(),
            };
            stmt.kind.for_each_block(|c| {
                if let Some(slot) = parent.get_mut(c.index()) {
                    *slot = Some((b, i));
                }
                if let Some(slot) = loop_of.get_mut(c.index()) {
                    *slot = around;
                }
            });
            match &stmt.kind {
                StmtKind::Value(v) => set(*v, b, &mut def_block),
                StmtKind::If { results, .. } => {
                    results.iter().for_each(|v| set(*v, b, &mut def_block));
                    if let Some(regions) = regions.as_deref_mut() {
                        regions.in_order.push((b, i));
                    }
                }
                StmtKind::Loop(l) => {
                    let luma_ir::Loop {
                        carried,
                        results,
                        body,
                        ..
                    } = &**l;
                    carried
                        .iter()
                        .for_each(|c| set(c.value, *body, &mut def_block));
                    results.iter().for_each(|v| set(*v, b, &mut def_block));
                    if let Some(regions) = regions.as_deref_mut() {
                        regions.exits.entry((b, i)).or_default();
                        regions.in_order.push((b, i));
                    }
                }
                StmtKind::Continue(_) | StmtKind::Break(_) => {
                    if let Some(regions) = regions.as_deref_mut() {
                        if let Some(target) = loop_of.get(b.index()).copied().flatten() {
                            if let Some(list) = regions.exits.get_mut(&target) {
                                list.push((b, i));
                            }
                        }
                    }
                }
                _ => {}
            }
        });
        Tree {
            parent,
            def_block,
            loop_of,
        }
    }

    /// Whether `ancestor` is `block` or encloses it.
    pub fn encloses(&self, ancestor: Handle<Block>, block: Handle<Block>) -> bool {
        let mut current = block;
        for _ in 0..=self.parent.len() {
            if current == ancestor {
                return true;
            }
            match self.parent.get(current.index()).copied().flatten() {
                Some((p, _)) => current = p,
                None => return false,
            }
        }
        false
    }

    /// Whether `value` is visible at every point of `block` after its definition point, i.e.
    /// defined function-wide or in `block` or a block enclosing it. (Callers know the value is
    /// defined before the point they ask about.)
    pub fn visible_in(&self, value: Handle<Value>, block: Handle<Block>) -> bool {
        match self.def_block.get(value.index()).copied().flatten() {
            None => true,
            Some(d) => self.encloses(d, block),
        }
    }
}

/// Which loop each `Continue` / `Break` targets, and the position of each region statement.
pub(crate) struct Regions {
    /// For each region statement (by position), the `Continue` and `Break` statements that
    /// target it (loops only), in program order. (A map, not a list searched per exit: that
    /// was quadratic in the number of loops, which inlining functions with early returns
    /// multiplies.)
    exits: FxHashMap<Pos, Vec<Pos>>,
    /// Every `If` and `Loop` statement, in program order.
    pub in_order: Vec<Pos>,
}

impl Regions {
    pub(crate) fn exits_of(&self, at: Pos) -> &[Pos] {
        self.exits.get(&at).map_or(&[], Vec::as_slice)
    }
}

/// The `Loop` statement whose body (or an `If` arm nested in it) is `b`.
pub(crate) fn innermost_loop(f: &Function, tree: &Tree, b: Handle<Block>) -> Option<Pos> {
    innermost_loop_of(f, &tree.parent, b)
}

/// [`innermost_loop`] given the parent of each block.
fn innermost_loop_of(f: &Function, parent: &[Option<Pos>], b: Handle<Block>) -> Option<Pos> {
    let mut current = b;
    for _ in 0..=parent.len() {
        let (pb, pi) = parent.get(current.index()).copied().flatten()?;
        if matches!(stmt_at(f, pb, pi)?.kind, StmtKind::Loop { .. }) {
            return Some((pb, pi));
        }
        current = pb;
    }
    None
}

/// Follows `map` from `v` to its final replacement (chains are resolved; a cycle, which no
/// pass creates, stops the walk).
pub(crate) fn resolve(map: &[Option<Handle<Value>>], v: Handle<Value>) -> Handle<Value> {
    let mut current = v;
    for _ in 0..=map.len() {
        match map.get(current.index()).copied().flatten() {
            Some(next) if next != current => current = next,
            _ => return current,
        }
    }
    current
}

/// Replaces every use of value `i` by `map[i]` (resolved transitively) in every op and
/// statement of `f`. Definitions (placements, result lists, carried values) are not uses.
pub(crate) fn replace_uses(f: &mut Function, map: &[Option<Handle<Value>>]) {
    if map.iter().all(Option::is_none) {
        return;
    }
    for (_, value) in f.values.iter_mut() {
        if let ValueDef::Op(op) = &mut value.def {
            op.for_each_operand_mut(|h| *h = resolve(map, *h));
        }
    }
    for (_, block) in f.blocks.iter_mut() {
        for stmt in &mut block.stmts {
            stmt.kind.for_each_operand_mut(|h| *h = resolve(map, *h));
        }
    }
}

/// A replacement map of the right size for `f`.
pub(crate) fn no_replacements(f: &Function) -> Vec<Option<Handle<Value>>> {
    vec![None; f.values.len()]
}

/// Removes the placement statements of values that are no longer defined by an op (a pass
/// turned them into constants) or that `killed` marks.
pub(crate) fn drop_placements(f: &mut Function, killed: &[bool]) {
    let values = &f.values;
    for (_, block) in f.blocks.iter_mut() {
        block.stmts.retain(|stmt| match stmt.kind {
            StmtKind::Value(v) => {
                !killed.get(v.index()).copied().unwrap_or(false)
                    && matches!(values.get(v).map(|x| &x.def), Some(ValueDef::Op(_)))
            }
            _ => true,
        });
    }
}

/// The non-specialization literal behind a constant value, if `v` is one.
pub(crate) fn literal_of(module: &Module, f: &Function, v: Handle<Value>) -> Option<Literal> {
    match f.values.get(v)?.def {
        ValueDef::Constant(c) => module.literal(c),
        _ => None,
    }
}

/// Whether evaluating `op` may be skipped, repeated or merged with an equal op: it is pure, or
/// it loads from memory nothing in the program writes (uniform and push-constant blocks,
/// read-only storage buffers, textures and samplers, read-only storage images).
pub(crate) fn is_removable(module: &Module, f: &Function, op: &Op) -> bool {
    if op.is_pure() {
        return true;
    }
    if let Op::ImageLoad { image, .. } = op {
        return matches!(
            f.values.get(*image).and_then(|v| module.type_inner(v.ty)),
            Some(luma_ir::TypeInner::Image {
                class: luma_ir::ImageClass::Storage {
                    access: luma_ir::ImageAccess::Read,
                    ..
                },
                ..
            })
        );
    }
    let Op::Load { pointer } = op else {
        return false;
    };
    matches!(
        f.values
            .get(*pointer)
            .and_then(|p| luma_ir::proc::pointer_parts(&module.types, p.ty)),
        Some((
            _,
            luma_ir::AddressSpace::Uniform
                | luma_ir::AddressSpace::PushConstant
                | luma_ir::AddressSpace::Handle
                | luma_ir::AddressSpace::Storage {
                    access: luma_ir::StorageAccess::Read
                }
        ))
    )
}

/// The zero constant of `ty`: a literal for scalars (readable in dumps, foldable like any
/// literal), `Zero` for composites.
pub(crate) fn zero_constant(
    module: &mut Module,
    interner: &mut luma_ir::proc::ConstantInterner,
    ty: Handle<Type>,
) -> Handle<Constant> {
    match module.type_inner(ty) {
        Some(TypeInner::Scalar(s)) => match luma_ir::proc::zero_literal(*s) {
            Some(lit) => interner.intern(&mut module.constants, ty, ConstantValue::Scalar(lit)),
            None => interner.intern(&mut module.constants, ty, ConstantValue::Zero),
        },
        _ => interner.intern(&mut module.constants, ty, ConstantValue::Zero),
    }
}

/// Appends a value defined by constant `c` (of type `ty`) to `f`.
pub(crate) fn constant_value(
    f: &mut Function,
    c: Handle<Constant>,
    ty: Handle<Type>,
) -> Handle<Value> {
    f.values.append(Value {
        ty,
        def: ValueDef::Constant(c),
        name: None,
    })
}

/// Runs `pass` on every function of `module` in order, with the module at hand (for types and
/// constants). The function is taken out of the module while the pass runs, so the pass sees
/// every other function but not a stale copy of this one. What stands in for it is empty (no
/// name or signature to copy): no pass looks at the function it rewrites through the module
/// (callees come before their callers, so no function calls itself).
pub(crate) fn for_each_function(
    module: &mut Module,
    mut pass: impl FnMut(&mut Module, &mut Function),
) {
    for index in 0..module.functions.len() {
        with_function(module, Handle::from_index(index as u32), &mut pass);
    }
}

/// Runs `pass` on function `h` moved out of `module` (so that the pass may change the rest of
/// the module, its constants say, while it holds the function); nothing when `h` is out of
/// range. Meanwhile `h`'s slot holds an empty function.
pub(crate) fn with_function(
    module: &mut Module,
    h: Handle<Function>,
    pass: impl FnOnce(&mut Module, &mut Function),
) {
    let Some(slot) = module.functions.get_mut(h) else {
        return;
    };
    let mut f = std::mem::replace(slot, empty_function());
    pass(module, &mut f);
    if let Some(slot) = module.functions.get_mut(h) {
        *slot = f;
    }
}

/// A function with nothing in it, left behind where a function is moved out for good.
fn empty_function() -> Function {
    Function {
        name: String::new(),
        params: Vec::new(),
        results: Vec::new(),
        values: Arena::new(),
        locals: Arena::new(),
        blocks: Arena::new(),
        body: Handle::from_index(0),
        names: ValueNames::new(),
    }
}

// ---------------------------------------------------------------------------------------------
// Compaction

/// What [`compact_function`] keeps of a function, found by one walk.
pub(crate) struct Reach {
    /// The blocks the body reaches, in the order the walk meets them (which is also the order
    /// the parser numbers them, and so the numbering compaction gives them).
    pub block_order: Vec<Handle<Block>>,
    /// For each value: a parameter, placed or listed by a reachable statement, or used by one
    /// (or by the operation of a value such a statement places).
    pub live: Vec<bool>,
    /// The values reachable statements place or list, in the order the printed text defines
    /// them (region results on the region's first line).
    pub placed_in_order: Vec<Handle<Value>>,
}

/// Walks `f` once for [`Reach`].
pub(crate) fn reach(f: &Function) -> Reach {
    reach_with(f, true)
}

/// [`Reach::live`] alone (the orders stay empty).
pub(crate) fn reach_live(f: &Function) -> Vec<bool> {
    reach_with(f, false).live
}

/// [`reach`], recording the block and value orders only if `orders`.
fn reach_with(f: &Function, orders: bool) -> Reach {
    let capacity = |n: usize| if orders { n } else { 0 };
    let mut block_order = Vec::with_capacity(capacity(f.blocks.len()));
    let mut live = vec![false; f.values.len()];
    let mut placed_in_order: Vec<Handle<Value>> = Vec::with_capacity(capacity(f.values.len()));
    let mark = |v: Handle<Value>, live: &mut Vec<bool>| {
        if let Some(flag) = live.get_mut(v.index()) {
            *flag = true;
        }
    };
    for i in 0..f.params.len().min(live.len()) {
        if let Some(flag) = live.get_mut(i) {
            *flag = true;
        }
    }
    walk_with_stmts(&f.blocks, f.body, |event, stmt| match (event, stmt) {
        (Event::Enter(b), _) if orders && b.index() < f.blocks.len() => block_order.push(b),
        (Event::Stmt(..), Some(stmt)) => {
            stmt.kind.for_each_operand(|v| mark(v, &mut live));
            match &stmt.kind {
                StmtKind::Value(v) => {
                    mark(*v, &mut live);
                    if let Some(Value {
                        def: ValueDef::Op(op),
                        ..
                    }) = f.values.get(*v)
                    {
                        op.for_each_operand(|o| mark(o, &mut live));
                    }
                    if orders {
                        placed_in_order.push(*v);
                    }
                }
                StmtKind::If { results, .. } => {
                    results.iter().for_each(|r| mark(*r, &mut live));
                    if orders {
                        placed_in_order.extend_from_slice(results);
                    }
                }
                StmtKind::Loop(l) => {
                    let (carried, results) = (&l.carried, &l.results);
                    carried.iter().for_each(|c| mark(c.value, &mut live));
                    results.iter().for_each(|r| mark(*r, &mut live));
                    if orders {
                        placed_in_order.extend_from_slice(results);
                        placed_in_order.extend(carried.iter().map(|c| c.value));
                    }
                }
                _ => {}
            }
        }
        _ => {}
    });
    Reach {
        block_order,
        live,
        placed_in_order,
    }
}

/// Removes from `f` every block the body does not reach, every value that is neither a
/// parameter, defined by a reachable statement nor used by one, and every local no remaining
/// value points to; renumbers the rest in their original order.
pub(crate) fn compact_function(f: &mut Function) {
    let Reach {
        block_order: new_blocks_order,
        live,
        placed_in_order,
    } = reach(f);
    let mut block_map: Vec<Option<Handle<Block>>> = vec![None; f.blocks.len()];
    for (k, b) in new_blocks_order.iter().enumerate() {
        if let Some(slot) = block_map.get_mut(b.index()) {
            *slot = Some(Handle::from_index(k as u32));
        }
    }
    // Locals still pointed to, in their original order.
    let mut local_used = vec![false; f.locals.len()];
    for (h, value) in f.values.iter() {
        if let (true, ValueDef::LocalPointer(l)) =
            (live.get(h.index()).copied().unwrap_or(false), &value.def)
        {
            if let Some(flag) = local_used.get_mut(l.index()) {
                *flag = true;
            }
        }
    }
    let locals_same = local_used.iter().all(|u| *u);

    // New numbering: parameters, then function-wide values in their old order, then values in
    // the order the printed text defines them.
    let mut order: Vec<Handle<Value>> = Vec::with_capacity(f.values.len());
    let mut placed = vec![false; f.values.len()];
    let take = |v: Handle<Value>, order: &mut Vec<Handle<Value>>, placed: &mut Vec<bool>| {
        if live.get(v.index()).copied().unwrap_or(false) {
            if let Some(flag) = placed.get_mut(v.index()) {
                if !*flag {
                    *flag = true;
                    order.push(v);
                }
            }
        }
    };
    for (h, value) in f.values.iter() {
        let function_wide = h.index() < f.params.len()
            || matches!(
                value.def,
                ValueDef::Param(_)
                    | ValueDef::Constant(_)
                    | ValueDef::GlobalPointer(_)
                    | ValueDef::LocalPointer(_)
            );
        if function_wide {
            take(h, &mut order, &mut placed);
        }
    }
    for v in placed_in_order {
        take(v, &mut order, &mut placed);
    }
    // Anything else still referenced (only in invalid IR) keeps its relative order.
    for h in f.values.handles() {
        take(h, &mut order, &mut placed);
    }

    // Most functions are already compact after the first pass: then nothing moves.
    let values_same =
        order.len() == f.values.len() && order.iter().enumerate().all(|(k, v)| v.index() == k);
    let blocks_same = new_blocks_order.len() == f.blocks.len()
        && new_blocks_order
            .iter()
            .enumerate()
            .all(|(k, b)| b.index() == k);
    if values_same && blocks_same && locals_same {
        return;
    }

    let mut local_map: Vec<Option<Handle<luma_ir::LocalVariable>>> = vec![None; f.locals.len()];
    if !locals_same {
        let mut ordered_locals = Arena::new();
        for (h, local) in f.locals.iter() {
            if local_used.get(h.index()).copied().unwrap_or(false) {
                if let Some(slot) = local_map.get_mut(h.index()) {
                    *slot = Some(ordered_locals.append(local.clone()));
                }
            }
        }
        f.locals = ordered_locals;
    }
    let mut value_map: Vec<Option<Handle<Value>>> = vec![None; f.values.len()];
    if !values_same {
        // Values move into the new arena (no clones: names and operand lists stay where they
        // are); each old slot keeps a stub nothing reads.
        let mut new_values = Arena::with_capacity(order.len());
        for old in order {
            if let (Some(value), Some(slot)) =
                (f.values.get_mut(old), value_map.get_mut(old.index()))
            {
                let stub = Value {
                    ty: value.ty,
                    def: ValueDef::IfResult,
                    name: None,
                };
                *slot = Some(new_values.append(std::mem::replace(value, stub)));
            }
        }
        f.values = new_values;
        // The dropped values' names go too (they were freed with the values when each value
        // owned its name).
        f.compact_names();
    }
    let vmap = |h: Handle<Value>| value_map.get(h.index()).copied().flatten().unwrap_or(h);
    let bmap = |h: Handle<Block>| block_map.get(h.index()).copied().flatten().unwrap_or(h);
    if !values_same || !locals_same {
        for (_, value) in f.values.iter_mut() {
            match &mut value.def {
                ValueDef::Op(op) if !values_same => op.for_each_operand_mut(|o| *o = vmap(*o)),
                ValueDef::LocalPointer(l) => {
                    if let Some(Some(n)) = local_map.get(l.index()) {
                        *l = *n;
                    }
                }
                _ => {}
            }
        }
    }
    if !blocks_same {
        let mut new_blocks = Arena::with_capacity(new_blocks_order.len());
        for old in &new_blocks_order {
            let block = f
                .blocks
                .get_mut(*old)
                .map(std::mem::take)
                .unwrap_or_default();
            new_blocks.append(block);
        }
        f.blocks = new_blocks;
    }
    for (_, block) in f.blocks.iter_mut() {
        for stmt in &mut block.stmts {
            if !values_same {
                stmt.kind.for_each_operand_mut(|o| *o = vmap(*o));
            }
            match &mut stmt.kind {
                StmtKind::Value(v) => *v = vmap(*v),
                StmtKind::If {
                    accept,
                    reject,
                    results,
                    ..
                } => {
                    *accept = bmap(*accept);
                    *reject = bmap(*reject);
                    results.iter_mut().for_each(|r| *r = vmap(*r));
                }
                StmtKind::Loop(l) => {
                    l.body = bmap(l.body);
                    l.carried.iter_mut().for_each(|c| c.value = vmap(c.value));
                    l.results.iter_mut().for_each(|r| *r = vmap(*r));
                }
                _ => {}
            }
        }
    }
    f.body = bmap(f.body);
}

/// Removes constants nothing refers to (specialization constants stay: they are part of the
/// pipeline interface) and types nothing refers to, renumbering the rest in order.
pub(crate) fn compact_module(module: &mut Module) {
    compact_constants(module);
    compact_types(module);
}

fn compact_constants(module: &mut Module) {
    let n = module.constants.len();
    let mut live = vec![false; n];
    let mark = |c: Handle<Constant>, live: &mut Vec<bool>| {
        if let Some(flag) = live.get_mut(c.index()) {
            *flag = true;
        }
    };
    for (h, c) in module.constants.iter() {
        if c.spec_id.is_some() {
            mark(h, &mut live);
        }
    }
    for (_, g) in module.globals.iter() {
        if let Some(c) = g.init {
            mark(c, &mut live);
        }
    }
    for (_, f) in module.functions.iter() {
        for (_, l) in f.locals.iter() {
            if let Some(c) = l.init {
                mark(c, &mut live);
            }
        }
        for (_, v) in f.values.iter() {
            match &v.def {
                ValueDef::Constant(c) => mark(*c, &mut live),
                ValueDef::Op(Op::ImageSample(sample)) => {
                    if let Some(c) = sample.offset {
                        mark(c, &mut live);
                    }
                }
                _ => {}
            }
        }
    }
    // Composite parts are earlier constants: one backward sweep marks them all.
    for i in (0..n).rev() {
        if !live.get(i).copied().unwrap_or(false) {
            continue;
        }
        if let Some(Constant {
            value: ConstantValue::Composite(parts),
            ..
        }) = module.constants.get(Handle::from_index(i as u32))
        {
            for p in parts {
                mark(*p, &mut live);
            }
        }
    }
    if live.iter().all(|l| *l) {
        return;
    }
    let mut map: Vec<Option<Handle<Constant>>> = vec![None; n];
    let mut new = Arena::new();
    // Live constants move into the new arena (no clones of names or part lists); the old
    // arena is dropped below.
    for (h, c) in module.constants.iter_mut() {
        if live.get(h.index()).copied().unwrap_or(false) {
            if let Some(slot) = map.get_mut(h.index()) {
                let stub = Constant {
                    name: None,
                    ty: c.ty,
                    value: ConstantValue::Zero,
                    spec_id: None,
                };
                *slot = Some(new.append(std::mem::replace(c, stub)));
            }
        }
    }
    let cmap = |c: Handle<Constant>| map.get(c.index()).copied().flatten().unwrap_or(c);
    for (_, c) in new.iter_mut() {
        if let ConstantValue::Composite(parts) = &mut c.value {
            parts.iter_mut().for_each(|p| *p = cmap(*p));
        }
    }
    for (_, g) in module.globals.iter_mut() {
        if let Some(c) = &mut g.init {
            *c = cmap(*c);
        }
    }
    for (_, f) in module.functions.iter_mut() {
        for (_, l) in f.locals.iter_mut() {
            if let Some(c) = &mut l.init {
                *c = cmap(*c);
            }
        }
        for (_, v) in f.values.iter_mut() {
            match &mut v.def {
                ValueDef::Constant(c) => *c = cmap(*c),
                ValueDef::Op(Op::ImageSample(sample)) => {
                    if let Some(c) = &mut sample.offset {
                        *c = cmap(*c);
                    }
                }
                _ => {}
            }
        }
    }
    for ep in &mut module.entry_points {
        for c in ep.workgroup_size_spec.iter_mut().flatten() {
            *c = cmap(*c);
        }
    }
    module.constants = new;
}

fn compact_types(module: &mut Module) {
    let n = module.types.len();
    let mut live = vec![false; n];
    let mark = |t: Handle<Type>, live: &mut Vec<bool>| {
        if let Some(flag) = live.get_mut(t.index()) {
            *flag = true;
        }
    };
    for (_, c) in module.constants.iter() {
        mark(c.ty, &mut live);
    }
    for (_, g) in module.globals.iter() {
        mark(g.ty, &mut live);
    }
    for (_, f) in module.functions.iter() {
        f.params.iter().for_each(|p| mark(p.ty, &mut live));
        f.results.iter().for_each(|r| mark(r.ty, &mut live));
        f.values.iter().for_each(|(_, v)| mark(v.ty, &mut live));
        f.locals.iter().for_each(|(_, l)| mark(l.ty, &mut live));
    }
    // Types refer to earlier types only: one backward sweep marks every dependency.
    for i in (0..n).rev() {
        if !live.get(i).copied().unwrap_or(false) {
            continue;
        }
        let Some(ty) = module.types.get(Handle::from_index(i as u32)) else {
            continue;
        };
        match &ty.inner {
            TypeInner::Array { base, .. } | TypeInner::Pointer { base, .. } => {
                mark(*base, &mut live)
            }
            TypeInner::Struct { members } => {
                for m in members {
                    mark(m.ty, &mut live);
                }
            }
            _ => {}
        }
    }
    if live.iter().all(|l| *l) {
        return;
    }
    let mut map: Vec<Option<Handle<Type>>> = vec![None; n];
    let mut new: UniqueArena<Type> = UniqueArena::new();
    for (h, ty) in module.types.iter() {
        if !live.get(h.index()).copied().unwrap_or(false) {
            continue;
        }
        let tmap = |t: Handle<Type>| map.get(t.index()).copied().flatten().unwrap_or(t);
        let mut ty = ty.clone();
        match &mut ty.inner {
            TypeInner::Array { base, .. } | TypeInner::Pointer { base, .. } => *base = tmap(*base),
            TypeInner::Struct { members } => {
                members.iter_mut().for_each(|m| m.ty = tmap(m.ty));
            }
            _ => {}
        }
        let new_handle = new.insert(ty);
        if let Some(slot) = map.get_mut(h.index()) {
            *slot = Some(new_handle);
        }
    }
    let tmap = |t: Handle<Type>| map.get(t.index()).copied().flatten().unwrap_or(t);
    for (_, c) in module.constants.iter_mut() {
        c.ty = tmap(c.ty);
    }
    for (_, g) in module.globals.iter_mut() {
        g.ty = tmap(g.ty);
    }
    for (_, f) in module.functions.iter_mut() {
        f.params.iter_mut().for_each(|p| p.ty = tmap(p.ty));
        f.results.iter_mut().for_each(|r| r.ty = tmap(r.ty));
        f.values.iter_mut().for_each(|(_, v)| v.ty = tmap(v.ty));
        f.locals.iter_mut().for_each(|(_, l)| l.ty = tmap(l.ty));
    }
    module.types = new;
}

/// Keeps the functions whose `keep` flag is set (in order) and renumbers calls and entry
/// points. Callers must not drop a function that a kept one calls.
pub(crate) fn retain_functions(module: &mut Module, keep: &[bool]) {
    if keep.iter().all(|k| *k) {
        return;
    }
    let mut map: Vec<Option<Handle<Function>>> = vec![None; module.functions.len()];
    let mut new = Arena::new();
    // Kept functions move into the new arena (cloning them was most of this function's time).
    for (h, f) in module.functions.iter_mut() {
        if keep.get(h.index()).copied().unwrap_or(true) {
            if let Some(slot) = map.get_mut(h.index()) {
                *slot = Some(new.append(std::mem::replace(f, empty_function())));
            }
        }
    }
    let fmap = |h: Handle<Function>| map.get(h.index()).copied().flatten().unwrap_or(h);
    for (_, f) in new.iter_mut() {
        for (_, v) in f.values.iter_mut() {
            if let ValueDef::Op(Op::Call { function, .. }) = &mut v.def {
                *function = fmap(*function);
            }
        }
        for (_, block) in f.blocks.iter_mut() {
            for stmt in &mut block.stmts {
                if let StmtKind::Call { function, .. } = &mut stmt.kind {
                    *function = fmap(*function);
                }
            }
        }
    }
    for ep in &mut module.entry_points {
        ep.function = fmap(ep.function);
    }
    module.functions = new;
}
