//! Pass 3: the call graph. Recursion (direct or through a cycle) is an error that shows the
//! cycle; each entry point's reachable functions are checked against its stage (implicit-LOD
//! sampling, derivatives and `discard` only in fragment code, barriers and workgroup memory
//! only in compute code); storage buffer access is inferred from the writes reachable from any
//! entry point.

use std::collections::BTreeSet;

use luma_base::{Code, Diagnostic, Span};
use luma_thir::{Access, FuncId, GlobalKind, ImageAccess, Stage};

use crate::check::{Checker, Use};
use crate::codes;

fn stage_word(s: Stage) -> &'static str {
    match s {
        Stage::Vertex => "vertex",
        Stage::Fragment => "fragment",
        Stage::Compute => "compute",
        Stage::Geometry => "geometry",
        Stage::TessellationControl => "tessellation control",
        Stage::TessellationEval => "tessellation evaluation",
    }
}

impl<'a> Checker<'a> {
    /// Reports recursion; returns whether the call graph is acyclic.
    pub fn recursion(&mut self) -> bool {
        let n = self.funcs.len();
        let edges: Vec<Vec<(usize, Span)>> = self
            .funcs
            .iter()
            .map(|f| f.facts.calls.iter().map(|(c, s)| (c.index(), *s)).collect())
            .collect();
        let mut mark = vec![0u8; n];
        let mut reported = vec![false; n];
        let mut acyclic = true;
        for root in 0..n {
            if mark.get(root).copied() != Some(0) {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
            if let Some(m) = mark.get_mut(root) {
                *m = 1;
            }
            while let Some(&mut (node, ref mut next)) = stack.last_mut() {
                let edge = edges.get(node).and_then(|e| e.get(*next)).copied();
                *next += 1;
                match edge {
                    Some((to, span)) => match mark.get(to).copied() {
                        Some(0) => {
                            if let Some(m) = mark.get_mut(to) {
                                *m = 1;
                            }
                            stack.push((to, 0));
                        }
                        Some(1) => {
                            acyclic = false;
                            let start = stack.iter().position(|(s, _)| *s == to).unwrap_or(0);
                            let chain: Vec<usize> =
                                stack.iter().skip(start).map(|(s, _)| *s).collect();
                            if chain
                                .iter()
                                .any(|c| reported.get(*c).copied().unwrap_or(false))
                            {
                                continue;
                            }
                            for c in &chain {
                                if let Some(r) = reported.get_mut(*c) {
                                    *r = true;
                                }
                            }
                            self.report_cycle(&chain, span);
                        }
                        _ => {}
                    },
                    None => {
                        if let Some(m) = mark.get_mut(node) {
                            *m = 2;
                        }
                        stack.pop();
                    }
                }
            }
        }
        acyclic
    }

    fn fname(&self, i: usize) -> String {
        self.funcs
            .get(i)
            .map_or_else(String::new, |f| self.text(&f.decl.name).to_owned())
    }

    fn report_cycle(&mut self, chain: &[usize], span: Span) {
        let first = chain.first().copied().unwrap_or(0);
        let d = if chain.len() == 1 {
            Diagnostic::error(
                codes::E0610,
                span,
                format!("`{}` calls itself", self.fname(first)),
            )
            .with_primary_label("recursive call")
        } else {
            // A long cycle shows its first and last steps: every step would make a message
            // of megabytes.
            const ENDS: usize = 4;
            let long = chain.len() > 2 * ENDS + 1;
            let shown = |i: usize| !long || i < ENDS || i + ENDS >= chain.len();
            let mut path: Vec<String> = Vec::new();
            for (i, &c) in chain.iter().enumerate() {
                if shown(i) {
                    path.push(format!("`{}`", self.fname(c)));
                } else if i == ENDS {
                    path.push(format!("... ({} more) ...", chain.len() - 2 * ENDS));
                }
            }
            path.push(format!("`{}`", self.fname(first)));
            let mut d = Diagnostic::error(
                codes::E0610,
                span,
                format!(
                    "`{}` calls itself through other functions",
                    self.fname(first)
                ),
            )
            .with_primary_label("this call closes the cycle")
            .with_note(format!("the cycle: {}", path.join(" calls ")));
            // Show where each function of the cycle calls the next.
            for (i, w) in chain.windows(2).enumerate() {
                if !shown(i) || !shown(i + 1) {
                    continue;
                }
                if let [a, b] = w {
                    let call = self
                        .funcs
                        .get(*a)
                        .and_then(|f| f.facts.calls.iter().find(|(c, _)| c.index() == *b))
                        .map(|(_, s)| *s);
                    if let Some(s) = call {
                        d = d.with_label(
                            s,
                            format!("`{}` calls `{}` here", self.fname(*a), self.fname(*b)),
                        );
                    }
                }
            }
            d
        };
        self.emit(d.with_note(
            "shaders cannot recurse: every call graph must be acyclic; rewrite it as a loop",
        ));
    }

    /// Functions reachable from `entry`, in a deterministic order (breadth-first by index).
    pub fn reachable(&self, entry: FuncId) -> Vec<usize> {
        let mut seen = BTreeSet::new();
        let mut queue = std::collections::VecDeque::from([entry.index()]);
        seen.insert(entry.index());
        let mut out = Vec::new();
        while let Some(f) = queue.pop_front() {
            out.push(f);
            if let Some(info) = self.funcs.get(f) {
                for (c, _) in &info.facts.calls {
                    if seen.insert(c.index()) {
                        queue.push_back(c.index());
                    }
                }
            }
        }
        out
    }

    /// Stage rules for every entry point, then storage access inference.
    pub fn stage_checks(&mut self) {
        let mut reported: BTreeSet<(Code, Span)> = BTreeSet::new();
        // Workgroup memory outside compute is one mistake in the declaration however often the
        // entry point touches it: one error per global and entry point, at the first use.
        let mut workgroup_reported: BTreeSet<(usize, usize)> = BTreeSet::new();
        let mut written: BTreeSet<usize> = BTreeSet::new();
        let mut read: BTreeSet<usize> = BTreeSet::new();
        let entries: Vec<(FuncId, Stage, Span)> = self
            .funcs
            .iter()
            .enumerate()
            .filter_map(|(i, f)| {
                f.entry
                    .as_ref()
                    .map(|e| (FuncId::from_index(i as u32), e.stage, f.decl.name.span))
            })
            .collect();
        // Access is inferred from the entry points the outputs keep; the stage rules below
        // still hold for every entry point of the source.
        let (keep_name, keep_stage) = self.entry_selection.clone();
        let kept = |checker: &Self, fid: FuncId, stage: Stage| {
            keep_name
                .as_deref()
                .is_none_or(|name| checker.fname(fid.index()) == name)
                && keep_stage.is_none_or(|s| s == stage)
        };
        let any_kept = entries
            .iter()
            .any(|&(fid, stage, _)| kept(self, fid, stage));
        for (fid, stage, entry_span) in entries {
            let entry_name = self.fname(fid.index());
            let infers_access = !any_kept || kept(self, fid, stage);
            for f in self.reachable(fid) {
                let Some(info) = self.funcs.get(f) else {
                    continue;
                };
                if infers_access {
                    for (g, _) in &info.facts.writes {
                        written.insert(g.index());
                    }
                    for (g, _) in &info.facts.image_reads {
                        read.insert(g.index());
                    }
                }
                let uses = info.facts.uses.clone();
                let in_helper = f != fid.index();
                let helper = self.fname(f);
                for (u, span) in uses {
                    let problem: Option<(Code, String, String)> = match u {
                        Use::ImplicitLod(name) if stage != Stage::Fragment => Some((
                            codes::E0607,
                            format!("`{name}` chooses its level from screen derivatives, which exist only in fragment shaders"),
                            format!("use `sample_level(...)` (or `sample_compare_level`) to give the level explicitly in {} code", stage_word(stage)),
                        )),
                        Use::Derivative(name) if stage != Stage::Fragment => Some((
                            codes::E0607,
                            format!("`{name}` is a screen-space derivative, which exists only in fragment shaders"),
                            "compute the rate of change explicitly in other stages".to_string(),
                        )),
                        Use::Discard if stage != Stage::Fragment => Some((
                            codes::E0606,
                            "`discard` ends a fragment invocation and exists only in fragment shaders".to_string(),
                            "return early instead".to_string(),
                        )),
                        Use::Barrier(name) if stage != Stage::Compute => Some((
                            codes::E0608,
                            format!("`{name}` synchronizes a workgroup, which exists only in compute shaders"),
                            "remove the barrier".to_string(),
                        )),
                        Use::ImageStore(name) if stage == Stage::Vertex => Some((
                            codes::E0633,
                            format!("`{name}` writes a storage image, which vertex shaders cannot do"),
                            "write the image from a fragment or compute shader (WGSL forbids writable storage in vertex shaders, Vulkan needs an optional feature)".to_string(),
                        )),
                        Use::Workgroup(g) if stage != Stage::Compute => {
                            if !workgroup_reported.insert((g.index(), fid.index())) {
                                continue;
                            }
                            let gname = self.prog.globals.get(g).map(|d| d.name.clone()).unwrap_or_default();
                            Some((
                                codes::E0624,
                                format!("`{gname}` is workgroup memory, which exists only in compute shaders"),
                                "use a `buffer` to share data outside compute shaders".to_string(),
                            ))
                        }
                        _ => None,
                    };
                    let Some((code, msg, help)) = problem else {
                        continue;
                    };
                    if !reported.insert((code, span)) {
                        continue;
                    }
                    let mut d = Diagnostic::error(code, span, msg)
                        .with_primary_label(format!(
                            "not allowed in a {} shader",
                            stage_word(stage)
                        ))
                        .with_label(
                            entry_span,
                            format!("`{entry_name}` is a {} entry point", stage_word(stage)),
                        )
                        .with_help(help);
                    if in_helper {
                        d = d.with_note(format!(
                            "`{helper}` is called (directly or not) from `{entry_name}`"
                        ));
                    }
                    self.emit(d);
                }
            }
        }
        // Storage buffer and image access: explicit, else inferred from reachable reads and
        // writes.
        for i in 0..self.globals.len() {
            let gid = luma_thir::GlobalId::from_index(i as u32);
            let explicit = self
                .globals
                .get(i)
                .and_then(|g| g.explicit_access)
                .map(|(a, _)| a);
            let explicit_image = self
                .globals
                .get(i)
                .and_then(|g| g.explicit_image_access)
                .map(|(a, _)| a);
            // A buffer holding atomics is read-write even where it is only read (`atomic_load`):
            // WGSL keeps atomics only in `read_write` storage, so every target and reflection
            // say so, and a WebGPU bind-group layout built from reflection matches the shader.
            let holds_atomics = self
                .prog
                .globals
                .get(gid)
                .is_some_and(|def| self.props(def.ty).has_atomic);
            if let Some(def) = self.prog.globals.get_mut(gid) {
                match def.kind {
                    GlobalKind::StorageBuffer { .. } => {
                        let access = explicit.unwrap_or(if written.contains(&i) || holds_atomics {
                            Access::ReadWrite
                        } else {
                            Access::Read
                        });
                        def.kind = GlobalKind::StorageBuffer {
                            access,
                            explicit: explicit.is_some(),
                        };
                    }
                    GlobalKind::StorageImage { format, .. } => {
                        // An image nothing reads or writes is declared read-only: the access
                        // every target accepts for any format.
                        let access = explicit_image.unwrap_or(
                            match (read.contains(&i), written.contains(&i)) {
                                (true, true) => ImageAccess::ReadWrite,
                                (false, true) => ImageAccess::Write,
                                _ => ImageAccess::Read,
                            },
                        );
                        def.kind = GlobalKind::StorageImage {
                            format,
                            access,
                            explicit: explicit_image.is_some(),
                        };
                    }
                    _ => {}
                }
            }
        }
    }
}
