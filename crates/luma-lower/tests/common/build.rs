//! A terse builder of typed programs (THIR) for tests that need exact control over the input.

use luma_base::{Arena, Span};
use luma_thir::*;

/// Builds a `Program`.
#[derive(Default)]
pub struct Pb {
    pub p: Program,
}

impl Pb {
    pub fn new() -> Pb {
        Pb::default()
    }
    pub fn t(&mut self, ty: Ty) -> TyId {
        self.p.types.intern(ty)
    }
    pub fn int(&mut self) -> TyId {
        self.t(Ty::Scalar(ScalarTy::Int))
    }
    pub fn uint(&mut self) -> TyId {
        self.t(Ty::Scalar(ScalarTy::Uint))
    }
    pub fn float(&mut self) -> TyId {
        self.t(Ty::Scalar(ScalarTy::Float))
    }
    pub fn boolean(&mut self) -> TyId {
        self.t(Ty::Scalar(ScalarTy::Bool))
    }
    pub fn vec(&mut self, scalar: ScalarTy, size: u8) -> TyId {
        self.t(Ty::Vector { scalar, size })
    }
    pub fn mat(&mut self, columns: u8, rows: u8) -> TyId {
        self.t(Ty::Matrix {
            scalar: ScalarTy::Float,
            columns,
            rows,
        })
    }
    pub fn array(&mut self, element: TyId, n: u32) -> TyId {
        self.t(Ty::Array {
            element,
            len: ArrayLen::Fixed(n),
        })
    }
    pub fn rt_array(&mut self, element: TyId) -> TyId {
        self.t(Ty::Array {
            element,
            len: ArrayLen::Runtime,
        })
    }
    pub fn strukt(&mut self, name: &str, fields: &[(&str, TyId)]) -> (StructId, TyId) {
        self.strukt_io(
            name,
            fields
                .iter()
                .map(|(n, t)| (*n, *t, FieldIo::default()))
                .collect(),
        )
    }
    pub fn strukt_io(
        &mut self,
        name: &str,
        fields: Vec<(&str, TyId, FieldIo)>,
    ) -> (StructId, TyId) {
        let id = self.p.structs.append(StructDef {
            name: name.to_string(),
            fields: fields
                .into_iter()
                .map(|(n, ty, io)| FieldDef {
                    name: n.to_string(),
                    ty,
                    io,
                    span: Span::default(),
                })
                .collect(),
            varying: false,
            synthesized: false,
            span: Span::default(),
        });
        let ty = self.t(Ty::Struct(id));
        (id, ty)
    }
    pub fn global(
        &mut self,
        name: &str,
        kind: GlobalKind,
        ty: TyId,
        binding: Option<(u32, u32)>,
    ) -> GlobalId {
        self.p.globals.append(GlobalDef {
            name: name.to_string(),
            kind,
            ty,
            group: binding.map(|b| b.0),
            binding: binding.map(|b| b.1),
            span: Span::new(0, 1),
        })
    }
    pub fn storage(&mut self, name: &str, ty: TyId, binding: u32) -> GlobalId {
        self.global(
            name,
            GlobalKind::StorageBuffer {
                access: Access::ReadWrite,
                explicit: true,
            },
            ty,
            Some((0, binding)),
        )
    }
    pub fn spec_const(&mut self, name: &str, ty: TyId, value: ConstValue, id: u32) -> ConstId {
        self.p.consts.append(ConstDef {
            name: name.to_string(),
            ty,
            value,
            spec_id: Some(id),
            span: Span::new(3, 7),
        })
    }
    /// Declares a function; `body` gets a function builder whose first locals are the params.
    pub fn function(
        &mut self,
        name: &str,
        params: &[(&str, TyId)],
        ret: Option<TyId>,
        body: impl FnOnce(&mut Fb<'_>) -> Vec<Stmt>,
    ) -> FuncId {
        let mut fb = Fb {
            pb: self,
            locals: Arena::new(),
            params: Vec::new(),
            exprs: Exprs::default(),
        };
        for (n, t) in params {
            let l = fb.local(n, *t);
            fb.params.push(l);
        }
        let stmts = body(&mut fb);
        let Fb {
            locals,
            params,
            exprs,
            ..
        } = fb;
        self.p.functions.append(FunctionDef {
            name: name.to_string(),
            params,
            ret,
            locals,
            body: Block { stmts },
            exprs,
            stage: None,
            span: Span::default(),
            non_uniform_indices: Vec::new(),
        })
    }
    /// Marks `f` an entry point.
    pub fn entry(
        &mut self,
        f: FuncId,
        stage: Stage,
        inputs: Vec<EntryInput>,
        output: Option<EntryOutput>,
    ) {
        if let Some(def) = self.p.functions.get_mut(f) {
            def.stage = Some(stage);
        }
        self.p.entry_points.push(EntryPointDef {
            function: f,
            stage,
            workgroup_size: if stage == Stage::Compute {
                [1, 1, 1]
            } else {
                [0, 0, 0]
            },
            workgroup_size_spec: [None; 3],
            early_depth: false,
            inputs,
            output,
        });
    }
}

/// Builds one function body.
pub struct Fb<'p> {
    pub pb: &'p mut Pb,
    pub locals: Arena<LocalDef>,
    pub params: Vec<LocalId>,
    pub exprs: Exprs,
}

fn stmt(kind: StmtKind) -> Stmt {
    Stmt {
        kind,
        span: Span::default(),
    }
}

impl Fb<'_> {
    pub fn local(&mut self, name: &str, ty: TyId) -> LocalId {
        self.locals.append(LocalDef {
            name: name.to_string(),
            ty,
            reassigned: true,
            span: Span::default(),
        })
    }
    pub fn param(&self, i: usize) -> LocalId {
        self.params[i]
    }
    pub fn x(&mut self, kind: ExprKind, ty: TyId) -> ExprId {
        self.exprs.append(Expr {
            kind,
            ty,
            span: Span::default(),
        })
    }
    pub fn ty_of(&self, e: ExprId) -> TyId {
        self.exprs
            .get(e)
            .expect("an expression of this function")
            .ty
    }
    pub fn i(&mut self, v: i32) -> ExprId {
        let t = self.pb.int();
        self.x(ExprKind::Const(ExprConst::Int(v)), t)
    }
    pub fn u(&mut self, v: u32) -> ExprId {
        let t = self.pb.uint();
        self.x(ExprKind::Const(ExprConst::Uint(v)), t)
    }
    pub fn f(&mut self, v: f32) -> ExprId {
        let t = self.pb.float();
        self.x(ExprKind::Const(ExprConst::Float(v)), t)
    }
    pub fn b(&mut self, v: bool) -> ExprId {
        let t = self.pb.boolean();
        self.x(ExprKind::Const(ExprConst::Bool(v)), t)
    }
    pub fn get(&mut self, l: LocalId) -> ExprId {
        let t = self.locals[l].ty;
        self.x(ExprKind::Local(l), t)
    }
    pub fn g(&mut self, g: GlobalId) -> ExprId {
        let t = self.pb.p.globals[g].ty;
        self.x(ExprKind::Global(g), t)
    }
    pub fn bin(&mut self, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> ExprId {
        use BinaryOp::*;
        let ty = match op {
            Eq | Ne | Lt | Le | Gt | Ge | And | Or => self.pb.boolean(),
            _ => {
                let (lt, rt) = (self.ty_of(lhs), self.ty_of(rhs));
                match (self.pb.p.types.get(lt), self.pb.p.types.get(rt)) {
                    (Ty::Scalar(_), Ty::Vector { .. } | Ty::Matrix { .. }) => rt,
                    (Ty::Matrix { rows, .. }, Ty::Vector { scalar, .. }) => {
                        self.pb.vec(scalar, rows)
                    }
                    _ => lt,
                }
            }
        };
        self.x(ExprKind::Binary { op, lhs, rhs }, ty)
    }
    pub fn un(&mut self, op: UnaryOp, operand: ExprId) -> ExprId {
        let t = self.ty_of(operand);
        self.x(ExprKind::Unary { op, operand }, t)
    }
    pub fn call(&mut self, function: FuncId, args: Vec<ExprId>, ty: Option<TyId>) -> ExprId {
        let t = ty.unwrap_or_else(|| self.pb.t(Ty::Error));
        let args = self.exprs.push_list(args);
        self.x(ExprKind::Call { function, args }, t)
    }
    pub fn builtin(&mut self, fun: BuiltinFn, args: Vec<ExprId>, ty: Option<TyId>) -> ExprId {
        let t = ty.unwrap_or_else(|| self.pb.t(Ty::Error));
        let args = self.exprs.push_list(args);
        self.x(ExprKind::Builtin { fun, args }, t)
    }
    pub fn index(&mut self, base: ExprId, index: ExprId) -> ExprId {
        let t = match self.pb.p.types.get(self.ty_of(base)) {
            Ty::Array { element, .. } => element,
            Ty::Vector { scalar, .. } => self.pb.t(Ty::Scalar(scalar)),
            Ty::Matrix { rows, scalar, .. } => self.pb.vec(scalar, rows),
            other => panic!("index into {other:?}"),
        };
        self.x(ExprKind::Index { base, index }, t)
    }
    pub fn field(&mut self, base: ExprId, index: u32) -> ExprId {
        let Ty::Struct(s) = self.pb.p.types.get(self.ty_of(base)) else {
            panic!("field of a non-struct")
        };
        let t = self.pb.p.structs[s].fields[index as usize].ty;
        self.x(ExprKind::Field { base, index }, t)
    }
    pub fn swz(&mut self, base: ExprId, components: &[u8]) -> ExprId {
        let Ty::Vector { scalar, .. } = self.pb.p.types.get(self.ty_of(base)) else {
            panic!("swizzle of a non-vector")
        };
        let t = if components.len() == 1 {
            self.pb.t(Ty::Scalar(scalar))
        } else {
            self.pb.vec(scalar, components.len() as u8)
        };
        self.x(
            ExprKind::Swizzle {
                base,
                components: Swizzle::new(components).expect("at most four components"),
            },
            t,
        )
    }
    pub fn construct(&mut self, ty: TyId, args: Vec<ExprId>) -> ExprId {
        let args = self.exprs.push_list(args);
        self.x(ExprKind::Construct { args }, ty)
    }
    pub fn select(&mut self, cond: ExprId, accept: ExprId, reject: ExprId) -> ExprId {
        let t = self.ty_of(accept);
        self.x(
            ExprKind::Select {
                cond,
                accept,
                reject,
            },
            t,
        )
    }

    pub fn let_(&mut self, local: LocalId, value: ExprId) -> Stmt {
        stmt(StmtKind::Let { local, value })
    }
    /// `let name = value` with a new local of the value's type.
    pub fn new_let(&mut self, name: &str, value: ExprId) -> (LocalId, Stmt) {
        let t = self.ty_of(value);
        let l = self.local(name, t);
        (l, self.let_(l, value))
    }
    pub fn set(&mut self, target: ExprId, value: ExprId) -> Stmt {
        stmt(StmtKind::Assign {
            target,
            op: None,
            value,
        })
    }
    pub fn op_set(&mut self, target: ExprId, op: BinaryOp, value: ExprId) -> Stmt {
        stmt(StmtKind::Assign {
            target,
            op: Some(op),
            value,
        })
    }
    pub fn if_(&mut self, cond: ExprId, then: Vec<Stmt>, els: Option<Vec<Stmt>>) -> Stmt {
        stmt(StmtKind::If(Box::new(IfStmt {
            cond,
            then_block: Block { stmts: then },
            else_block: els.map(|stmts| Block { stmts }),
        })))
    }
    #[allow(clippy::too_many_arguments)]
    pub fn for_(
        &mut self,
        var: LocalId,
        start: ExprId,
        end: ExprId,
        step: Option<ExprId>,
        body: Vec<Stmt>,
        control: LoopAttrs,
    ) -> Stmt {
        stmt(StmtKind::For(Box::new(ForStmt {
            var,
            start,
            end,
            step,
            body: Block { stmts: body },
            control,
        })))
    }
    pub fn while_(&mut self, cond: ExprId, body: Vec<Stmt>, control: LoopAttrs) -> Stmt {
        stmt(StmtKind::While(Box::new(WhileStmt {
            cond,
            body: Block { stmts: body },
            control,
        })))
    }
    pub fn ret(&mut self, e: Option<ExprId>) -> Stmt {
        stmt(StmtKind::Return(e))
    }
    pub fn brk(&mut self) -> Stmt {
        stmt(StmtKind::Break)
    }
    pub fn discard(&mut self) -> Stmt {
        stmt(StmtKind::Discard)
    }
    pub fn expr_stmt(&mut self, e: ExprId) -> Stmt {
        stmt(StmtKind::Expr(e))
    }
    pub fn block(&mut self, body: Vec<Stmt>) -> Stmt {
        stmt(StmtKind::Block(Block { stmts: body }))
    }
}
