//! Memory: access chains with index clamps, loads and stores, `OpArrayLength`, and the copies
//! between a composite's explicitly laid-out type (buffers) and its plain type (values).

use luma_base::{Handle, Limits};
use luma_ir::{ArraySize, Type, TypeInner, Value, ValueDef};
use spirv::{FunctionControl, Op, StorageClass};

use crate::expr::Bound;
use crate::function::{FunctionWriter, Position};
use crate::layout::Layout;
use crate::types::SpvType;
use crate::words::{Inst, Word};
use crate::writer::Writer;
use crate::Error;

/// Arrays longer than this are copied between layouts with a loop (before SPIR-V 1.4), not
/// element by element in straight-line code.
const UNROLL_LIMIT: u32 = 64;

/// Arrays whose elements' straight-line copies would take more than this many parts together
/// are copied with a loop too, however short: nested short arrays (`[64][64][64]float`,
/// `[2][2]...[2]float`) multiply, and a copy of each element in straight-line code grew with
/// the product of their lengths (a 257-byte source gave 125 MB of SPIR-V).
const STRAIGHT_LIMIT: u64 = 1024;

/// Types whose straight-line copy between layouts takes more parts than this are converted by a
/// function of their own (before SPIR-V 1.4), called wherever the type is copied: a struct that
/// holds two members of one struct type, which holds two of another, and so on, has
/// exponentially many parts for its source size (a "diamond" 20 levels deep took 3.3 s and
/// 175 MB of SPIR-V copied inline), while one function per type keeps the code proportional to
/// the types. Small enough that each function stays short, large enough that the structs of
/// ordinary shaders are still copied inline.
const INLINE_LIMIT: u64 = 64;

/// A conversion between two declarations of one IR type: the type, then the SPIR-V type and
/// layout converted from and to (a buffer's block struct is a declaration of its own).
pub(crate) type RelayoutKey = (Handle<Type>, (Word, Layout), (Word, Layout));

/// What copying a type between layouts member by member and element by element takes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CopyShape {
    /// Scalars, vectors and matrices copied in straight-line code, where the arrays that loop
    /// count one element (saturating).
    parts: u64,
    /// Whether some array in the type is copied with a loop.
    loops: bool,
}

/// Whether an array of `n` elements, each of shape `element`, is copied with a loop.
fn array_loops(n: u32, element: CopyShape) -> bool {
    n > UNROLL_LIMIT || u64::from(n).saturating_mul(element.parts) > STRAIGHT_LIMIT
}

impl Writer<'_> {
    /// The shape of a copy of `ty` between layouts (computed once per type).
    pub(crate) fn copy_shape(&mut self, ty: Handle<Type>, depth: u32) -> Result<CopyShape, Error> {
        if let Some(&shape) = self.copy_shapes.get(&ty) {
            return Ok(shape);
        }
        if depth > max_copy_depth() {
            return Err(Error::invalid("types nest deeper than the nesting limit"));
        }
        let shape = match self.ir_type_inner(ty)? {
            TypeInner::Struct { members } => {
                let mut shape = CopyShape {
                    parts: 0,
                    loops: false,
                };
                for member in members {
                    let inner = self.copy_shape(member.ty, depth + 1)?;
                    shape.parts = shape.parts.saturating_add(inner.parts);
                    shape.loops |= inner.loops;
                }
                shape
            }
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
            } => {
                let element = self.copy_shape(*base, depth + 1)?;
                if array_loops(*n, element) {
                    CopyShape {
                        parts: element.parts,
                        loops: true,
                    }
                } else {
                    CopyShape {
                        parts: u64::from(*n).saturating_mul(element.parts),
                        loops: element.loops,
                    }
                }
            }
            _ => CopyShape {
                parts: 1,
                loops: false,
            },
        };
        self.copy_shapes.insert(ty, shape);
        Ok(shape)
    }

    /// Whether an array of `n` elements of `base` is copied with a loop.
    fn array_copy_loops(&mut self, n: u32, base: Handle<Type>) -> Result<bool, Error> {
        Ok(array_loops(n, self.copy_shape(base, 0)?))
    }

    /// Whether a value converts from SPIR-V type `from` to `to` (two declarations of one IR
    /// type) with one `OpCopyLogical`: from SPIR-V 1.4, unless one of them is the `Block` struct
    /// of a buffer. Mesa's SPIR-V reader (lavapipe, RADV, ANV; 22.3 at least) reads a `Block`
    /// struct as an interface type, not a struct, and fails pipeline creation on an
    /// `OpCopyLogical` between it and a plain struct (valid SPIR-V: the types match
    /// logically), so such copies take the block's members one by one, each converted by
    /// one `OpCopyLogical` where it differs.
    pub(crate) fn copy_logical_whole(&self, from: Word, to: Word) -> bool {
        self.at_least(4) && !self.block_structs.contains(&from) && !self.block_structs.contains(&to)
    }

    /// Whether copies of `ty` between layouts call a function of their own ([`INLINE_LIMIT`]).
    fn relayout_by_call(&mut self, ty: Handle<Type>) -> Result<bool, Error> {
        Ok(self.copy_shape(ty, 0)?.parts > INLINE_LIMIT)
    }

    /// `value` (of IR type `ty`, declared as `from` under `from_layout`) as a value of the
    /// logically identical type `to` under `to_layout`, with the instructions appended to
    /// `body`: itself when the types are one, `OpCopyLogical` where it converts the whole
    /// ([`Writer::copy_logical_whole`]), member by member and element by element otherwise,
    /// through a call of the type's conversion function for types past [`INLINE_LIMIT`]
    /// (unless `inline_top`: the body of that function).
    #[allow(clippy::too_many_arguments)]
    fn relayout_into(
        &mut self,
        body: &mut Vec<Word>,
        value: Word,
        ty: Handle<Type>,
        (from, from_layout): (Word, Layout),
        (to, to_layout): (Word, Layout),
        depth: u32,
        inline_top: bool,
    ) -> Result<Word, Error> {
        if from == to {
            return Ok(value);
        }
        let result = |w: &mut Writer<'_>, body: &mut Vec<Word>, op: Op, operands: &[Word]| {
            let id = w.id();
            Inst::new(op)
                .word(to)
                .word(id)
                .words(operands)
                .push_into(body)?;
            Ok::<Word, Error>(id)
        };
        if self.copy_logical_whole(from, to) {
            return result(self, body, Op::CopyLogical, &[value]);
        }
        if depth > max_copy_depth() {
            return Err(Error::invalid("types nest deeper than the nesting limit"));
        }
        if !inline_top && self.relayout_by_call(ty)? {
            let function =
                self.relayout_function((ty, (from, from_layout), (to, to_layout)), depth)?;
            return result(self, body, Op::FunctionCall, &[function, value]);
        }
        let parts: Vec<(u32, Handle<Type>)> = match self.ir_type_inner(ty)? {
            TypeInner::Struct { members } => members
                .iter()
                .enumerate()
                .map(|(i, m)| (i as u32, m.ty))
                .collect(),
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
            } => (0..*n).map(|i| (i, *base)).collect(),
            _ => {
                return Err(Error::invalid(format!(
                    "type {ty:?} has two SPIR-V declarations that are not a struct or array"
                )))
            }
        };
        let mut converted = Vec::with_capacity(parts.len());
        for (i, part_ty) in parts {
            let part_from = self.ir_type(part_ty, from_layout)?;
            let part_to = self.ir_type(part_ty, to_layout)?;
            let part = self.id();
            Inst::new(Op::CompositeExtract)
                .word(part_from)
                .word(part)
                .word(value)
                .word(i)
                .push_into(body)?;
            converted.push(self.relayout_into(
                body,
                part,
                part_ty,
                (part_from, from_layout),
                (part_to, to_layout),
                depth + 1,
                false,
            )?);
        }
        result(self, body, Op::CompositeConstruct, &converted)
    }

    /// The function converting a value of `ty` between the two declarations of `key`, written
    /// once per key, before the function being written.
    fn relayout_function(&mut self, key: RelayoutKey, depth: u32) -> Result<Word, Error> {
        if let Some(&function) = self.relayout_functions.get(&key) {
            return Ok(function);
        }
        let (ty, (from, from_layout), (to, to_layout)) = key;
        let fn_type = self.intern(SpvType::Function {
            ret: to,
            params: vec![from],
        })?;
        let (function, param, label) = (self.id(), self.id(), self.id());
        self.relayout_functions.insert(key, function);
        let mut body = Vec::new();
        let value = self.relayout_into(
            &mut body,
            param,
            ty,
            (from, from_layout),
            (to, to_layout),
            depth,
            true,
        )?;
        let mut out = Vec::with_capacity(body.len() + 16);
        Inst::new(Op::Function)
            .word(to)
            .word(function)
            .word(FunctionControl::NONE.bits())
            .word(fn_type)
            .push_into(&mut out)?;
        Inst::new(Op::FunctionParameter)
            .word(from)
            .word(param)
            .push_into(&mut out)?;
        Inst::new(Op::Label).word(label).push_into(&mut out)?;
        out.extend_from_slice(&body);
        Inst::new(Op::ReturnValue).word(value).push_into(&mut out)?;
        Inst::new(Op::FunctionEnd).push_into(&mut out)?;
        self.functions.extend(out);
        Ok(function)
    }
}

/// How deep a layout copy may recurse into nested types: the nesting the front end allows.
fn max_copy_depth() -> u32 {
    Limits::default().nesting_depth
}

/// What an access chain step lands on.
#[derive(Debug, Clone, Copy)]
enum Step {
    /// An IR type.
    Type(Handle<Type>),
    /// A matrix column with `rows` components.
    Column(u32),
    /// A scalar component: nothing more to index.
    Component,
}

impl<'w, 'a> FunctionWriter<'w, 'a> {
    /// `OpAccessChain` for `v`, clamping dynamic indices into arrays, vectors and matrices.
    /// For a non-uniform access into an array of resources (`non_uniform`), the index
    /// operands that are not constants are decorated `NonUniform`, as glslang and DXC do.
    pub(crate) fn access_chain(
        &mut self,
        v: Handle<Value>,
        ty: Handle<Type>,
        base: Handle<Value>,
        indices: &[Handle<Value>],
        non_uniform: Option<luma_ir::proc::NonUniformResource>,
    ) -> Result<Word, Error> {
        let result_ty = self.w.ir_type(ty, Layout::Plain)?;
        let base_ty = self.type_of(base)?;
        let (pointee, _) = luma_ir::proc::pointer_parts(&self.w.module.types, base_ty)
            .ok_or_else(|| Error::invalid("an access chain whose base is not a pointer"))?;
        let mut ids = Vec::with_capacity(indices.len() + 1);
        let mut position = self.position(base);
        let base_id = match self.ir_value(base)?.def {
            ValueDef::GlobalPointer(g) => {
                let info = self.w.global_in(self.handle, g)?;
                if info.wrapped {
                    // The IR's pointer to the global is member 0 of the wrapper struct.
                    ids.push(self.w.const_u32(0)?);
                }
                info.var
            }
            _ => self.value_id(base)?,
        };
        let mut step = Step::Type(pointee);
        for &index in indices {
            step = match step {
                Step::Type(current) => match self.w.ir_type_inner(current)? {
                    TypeInner::Struct { members } => {
                        let member = self.member_index(index)?;
                        let member_ty = members
                            .get(member as usize)
                            .ok_or_else(|| Error::invalid("struct member index out of range"))?
                            .ty;
                        ids.push(self.w.const_u32(member)?);
                        position = match position {
                            Position::Global(g) => Position::GlobalMember(g, member),
                            _ => Position::Other,
                        };
                        Step::Type(member_ty)
                    }
                    TypeInner::Array { base, size } => {
                        let bound = match size {
                            ArraySize::Constant(n) => Bound::Fixed(*n),
                            ArraySize::Runtime => {
                                let (var, member) = self.runtime_array_at(position)?;
                                Bound::Runtime { var, member }
                            }
                        };
                        // A one-element array clamps every index to the constant 0.
                        let folded = matches!(bound, Bound::Fixed(n) if n <= 1)
                            && self.w.options.bounds_checks;
                        let id = self.clamp_index(index, bound)?;
                        if let Some(kind) = non_uniform {
                            if !folded && self.const_components(index).is_none() {
                                self.w.non_uniform(id, kind)?;
                            }
                        }
                        ids.push(id);
                        position = Position::Other;
                        Step::Type(*base)
                    }
                    TypeInner::Vector { size, .. } => {
                        ids.push(self.clamp_index(index, Bound::Fixed(size.count()))?);
                        position = Position::Other;
                        Step::Component
                    }
                    TypeInner::Matrix { columns, rows, .. } => {
                        ids.push(self.clamp_index(index, Bound::Fixed(columns.count()))?);
                        position = Position::Other;
                        Step::Column(rows.count())
                    }
                    _ => {
                        return Err(Error::invalid(
                            "an access chain indexes a type without parts",
                        ))
                    }
                },
                Step::Column(rows) => {
                    ids.push(self.clamp_index(index, Bound::Fixed(rows))?);
                    Step::Component
                }
                Step::Component => {
                    return Err(Error::invalid("an access chain indexes into a scalar"))
                }
            };
        }
        self.set_position(v, position);
        if ids.is_empty() {
            return Ok(base_id);
        }
        let mut operands = vec![base_id];
        operands.extend(ids);
        self.inst(Op::AccessChain, result_ty, &operands)
    }

    /// The member number of a struct index (a constant integer).
    fn member_index(&self, index: Handle<Value>) -> Result<u32, Error> {
        match self.const_components(index).as_deref() {
            Some([luma_ir::Literal::U32(v)]) => Ok(*v),
            Some([luma_ir::Literal::I32(v)]) if *v >= 0 => Ok(*v as u32),
            _ => Err(Error::invalid(
                "a struct member index that is not a constant",
            )),
        }
    }

    /// The variable and member whose `OpArrayLength` gives the length of the runtime-sized
    /// array at `position`.
    fn runtime_array_at(&self, position: Position) -> Result<(Word, u32), Error> {
        match position {
            Position::Global(g) => {
                let info = self.w.global_in(self.handle, g)?;
                if info.wrapped {
                    Ok((info.var, 0))
                } else {
                    Err(Error::invalid(
                        "a runtime-sized array that is a whole struct",
                    ))
                }
            }
            Position::GlobalMember(g, member) => {
                let info = self.w.global_in(self.handle, g)?;
                if info.wrapped {
                    Err(Error::invalid(
                        "a runtime-sized array inside a wrapped buffer",
                    ))
                } else {
                    Ok((info.var, member))
                }
            }
            Position::Other => Err(Error::invalid(
                "a runtime-sized array that is not a storage buffer or its last member",
            )),
        }
    }

    /// The variable and member for `OpArrayLength` of the runtime array behind `pointer`.
    pub(crate) fn runtime_array_of(&self, pointer: Handle<Value>) -> Result<(Word, u32), Error> {
        self.runtime_array_at(self.position(pointer))
    }

    /// The pointer id, its SPIR-V pointee type, the IR pointee type and its layout.
    fn pointee(
        &mut self,
        pointer: Handle<Value>,
    ) -> Result<(Word, Word, Handle<Type>, Layout), Error> {
        let ty = self.type_of(pointer)?;
        let (base, space) = luma_ir::proc::pointer_parts(&self.w.module.types, ty)
            .ok_or_else(|| Error::invalid(format!("value {pointer:?} is not a pointer")))?;
        let layout = Layout::for_space(space);
        let block = match self.position(pointer) {
            Position::Global(g) => self.w.global(g)?.block_struct,
            _ => None,
        };
        let pointee = match block {
            Some(block) => block,
            None => self.w.ir_type(base, layout)?,
        };
        let id = self.value_id(pointer)?;
        Ok((id, pointee, base, layout))
    }

    /// Loads through `pointer`, converting a laid-out composite to its plain type.
    pub(crate) fn load(&mut self, pointer: Handle<Value>) -> Result<Word, Error> {
        let (id, pointee, base, layout) = self.pointee(pointer)?;
        let plain = self.w.ir_type(base, Layout::Plain)?;
        if pointee != plain
            && !self.w.copy_logical_whole(pointee, plain)
            && self.has_long_array(base)?
        {
            let class = self.class_of(pointer)?;
            return self.load_by_parts(id, base, class, layout, 0);
        }
        let loaded = self.inst(Op::Load, pointee, &[id])?;
        self.copy_layout(loaded, base, pointee, layout, plain, Layout::Plain, 0)
    }

    /// Stores `value` through `pointer`, converting a plain composite to the laid-out type.
    pub(crate) fn store(
        &mut self,
        pointer: Handle<Value>,
        value: Handle<Value>,
    ) -> Result<(), Error> {
        let (id, pointee, base, layout) = self.pointee(pointer)?;
        let v = self.value_id(value)?;
        let plain = self.w.ir_type(base, Layout::Plain)?;
        if pointee != plain
            && !self.w.copy_logical_whole(plain, pointee)
            && self.has_long_array(base)?
        {
            let class = self.class_of(pointer)?;
            return self.store_by_parts(id, v, base, class, layout, 0);
        }
        let converted = self.copy_layout(v, base, plain, Layout::Plain, pointee, layout, 0)?;
        self.inst_void(Op::Store, &[id, converted])
    }

    /// The storage class of pointer value `pointer`.
    fn class_of(&self, pointer: Handle<Value>) -> Result<StorageClass, Error> {
        Ok(crate::writer::storage_class(self.pointer_space(pointer)?))
    }

    /// Whether `ty` holds an array too long to copy element by element in straight-line code.
    fn has_long_array(&mut self, ty: Handle<Type>) -> Result<bool, Error> {
        Ok(self.w.copy_shape(ty, 0)?.loops)
    }

    /// Whether a part of a copy made part by part (a type with a long array) is better loaded
    /// or stored whole and converted by its function: it has no long array, and is past the
    /// [`INLINE_LIMIT`] (a struct "diamond" beside a long array).
    fn whole_by_call(&mut self, ty: Handle<Type>) -> Result<bool, Error> {
        Ok(!self.has_long_array(ty)? && self.w.relayout_by_call(ty)?)
    }

    /// A pointer to part `index` (a constant or an id) of the composite behind `base`.
    fn part_pointer(
        &mut self,
        base: Word,
        class: StorageClass,
        part: Handle<Type>,
        layout: Layout,
        index: Word,
    ) -> Result<Word, Error> {
        let part_ty = self.w.ir_type(part, layout)?;
        let ptr_ty = self.w.pointer_type(class, part_ty)?;
        self.inst(Op::AccessChain, ptr_ty, &[base, index])
    }

    /// Reads the laid-out `ty` behind `pointer` part by part into a plain value, copying long
    /// arrays with a loop through a function variable (where one `OpCopyLogical` cannot convert
    /// the whole: before SPIR-V 1.4, or see [`Writer::copy_logical_whole`]), so that the code
    /// stays proportional to the type, not to its length.
    fn load_by_parts(
        &mut self,
        pointer: Word,
        ty: Handle<Type>,
        class: StorageClass,
        layout: Layout,
        depth: u32,
    ) -> Result<Word, Error> {
        if depth > max_copy_depth() {
            return Err(Error::invalid("types nest deeper than the nesting limit"));
        }
        let plain = self.w.ir_type(ty, Layout::Plain)?;
        let laid = self.w.ir_type(ty, layout)?;
        if plain == laid {
            return self.inst(Op::Load, laid, &[pointer]);
        }
        if self.whole_by_call(ty)? {
            let loaded = self.inst(Op::Load, laid, &[pointer])?;
            return self.copy_layout(loaded, ty, laid, layout, plain, Layout::Plain, depth);
        }
        match self.w.ir_type_inner(ty)? {
            TypeInner::Struct { members } => {
                let mut parts = Vec::with_capacity(members.len());
                for (i, member) in members.iter().enumerate() {
                    let index = self.w.const_u32(i as u32)?;
                    let p = self.part_pointer(pointer, class, member.ty, layout, index)?;
                    parts.push(self.load_by_parts(p, member.ty, class, layout, depth + 1)?);
                }
                self.inst(Op::CompositeConstruct, plain, &parts)
            }
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
            } if self.w.array_copy_loops(*n, *base)? => {
                let temp = self.temp_variable(plain)?;
                let element_plain = self.w.ir_type(*base, Layout::Plain)?;
                let element_ptr = self.w.pointer_type(StorageClass::Function, element_plain)?;
                let base = *base;
                self.counted_loop(*n, |f, i| {
                    let src = f.part_pointer(pointer, class, base, layout, i)?;
                    let element = f.load_by_parts(src, base, class, layout, depth + 1)?;
                    let dst = f.inst(Op::AccessChain, element_ptr, &[temp, i])?;
                    f.inst_void(Op::Store, &[dst, element])
                })?;
                self.inst(Op::Load, plain, &[temp])
            }
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
            } => {
                let mut parts = Vec::with_capacity(*n as usize);
                for i in 0..*n {
                    let index = self.w.const_u32(i)?;
                    let p = self.part_pointer(pointer, class, *base, layout, index)?;
                    parts.push(self.load_by_parts(p, *base, class, layout, depth + 1)?);
                }
                self.inst(Op::CompositeConstruct, plain, &parts)
            }
            _ => Err(Error::invalid(format!(
                "type {ty:?} has two SPIR-V declarations that are not a struct or array"
            ))),
        }
    }

    /// Writes the plain `value` of `ty` through `pointer` part by part (see
    /// [`FunctionWriter::load_by_parts`]).
    fn store_by_parts(
        &mut self,
        pointer: Word,
        value: Word,
        ty: Handle<Type>,
        class: StorageClass,
        layout: Layout,
        depth: u32,
    ) -> Result<(), Error> {
        if depth > max_copy_depth() {
            return Err(Error::invalid("types nest deeper than the nesting limit"));
        }
        let plain = self.w.ir_type(ty, Layout::Plain)?;
        let laid = self.w.ir_type(ty, layout)?;
        if plain == laid {
            return self.inst_void(Op::Store, &[pointer, value]);
        }
        if self.whole_by_call(ty)? {
            let converted =
                self.copy_layout(value, ty, plain, Layout::Plain, laid, layout, depth)?;
            return self.inst_void(Op::Store, &[pointer, converted]);
        }
        match self.w.ir_type_inner(ty)? {
            TypeInner::Struct { members } => {
                for (i, member) in members.iter().enumerate() {
                    let member_plain = self.w.ir_type(member.ty, Layout::Plain)?;
                    let part = self.inst(Op::CompositeExtract, member_plain, &[value, i as u32])?;
                    let index = self.w.const_u32(i as u32)?;
                    let p = self.part_pointer(pointer, class, member.ty, layout, index)?;
                    self.store_by_parts(p, part, member.ty, class, layout, depth + 1)?;
                }
                Ok(())
            }
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
            } if self.w.array_copy_loops(*n, *base)? => {
                let temp = self.temp_variable(plain)?;
                self.inst_void(Op::Store, &[temp, value])?;
                let element_plain = self.w.ir_type(*base, Layout::Plain)?;
                let element_ptr = self.w.pointer_type(StorageClass::Function, element_plain)?;
                let base = *base;
                self.counted_loop(*n, |f, i| {
                    let src = f.inst(Op::AccessChain, element_ptr, &[temp, i])?;
                    let element = f.inst(Op::Load, element_plain, &[src])?;
                    let dst = f.part_pointer(pointer, class, base, layout, i)?;
                    f.store_by_parts(dst, element, base, class, layout, depth + 1)
                })
            }
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
            } => {
                let element_plain = self.w.ir_type(*base, Layout::Plain)?;
                for i in 0..*n {
                    let part = self.inst(Op::CompositeExtract, element_plain, &[value, i])?;
                    let index = self.w.const_u32(i)?;
                    let p = self.part_pointer(pointer, class, *base, layout, index)?;
                    self.store_by_parts(p, part, *base, class, layout, depth + 1)?;
                }
                Ok(())
            }
            _ => Err(Error::invalid(format!(
                "type {ty:?} has two SPIR-V declarations that are not a struct or array"
            ))),
        }
    }

    /// `value` (of IR type `ty`, declared as `from` under `from_layout`) as a value of the
    /// logically identical type `to` under `to_layout` (see [`Writer::relayout_into`]).
    #[allow(clippy::too_many_arguments)]
    fn copy_layout(
        &mut self,
        value: Word,
        ty: Handle<Type>,
        from: Word,
        from_layout: Layout,
        to: Word,
        to_layout: Layout,
        depth: u32,
    ) -> Result<Word, Error> {
        if from == to {
            return Ok(value);
        }
        self.check_open()?;
        let id = self.w.relayout_into(
            &mut self.body,
            value,
            ty,
            (from, from_layout),
            (to, to_layout),
            depth,
            false,
        )?;
        self.last_result = id;
        Ok(id)
    }
}
