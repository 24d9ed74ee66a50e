//! Textures: sampling through `OpSampledImage` (separate images and samplers), texel fetches
//! and size queries (levels, samples and coordinates clamped under
//! [`crate::Options::bounds_checks`]), and storage image reads and writes (clamped and
//! guarded likewise): Vulkan leaves out-of-range image access undefined.

use luma_base::Handle;
use luma_ir::{
    Constant, ImageClass, ImageDimension, ImageQuery, Literal, SampleLevel, Scalar, ScalarKind,
    Type, TypeInner, Value,
};
use spirv::{Capability, ImageOperands, Op};

use crate::function::FunctionWriter;
use crate::layout::Layout;
use crate::types::SpvType;
use crate::words::Word;
use crate::Error;

/// What the writer needs to know of an image value's type.
#[derive(Debug, Clone, Copy)]
struct ImageInfo {
    dim: ImageDimension,
    arrayed: bool,
    depth: bool,
    multisampled: bool,
    /// A storage image (`Sampled` = 2).
    storage: bool,
    /// The texel component kind.
    kind: ScalarKind,
}

impl<'w, 'a> FunctionWriter<'w, 'a> {
    fn image_info(&self, image: Handle<Value>) -> Result<ImageInfo, Error> {
        match self.inner_of(image)? {
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => Ok(match class {
                ImageClass::Sampled { kind, multisampled } => ImageInfo {
                    dim: *dim,
                    arrayed: *arrayed,
                    depth: false,
                    multisampled: *multisampled,
                    storage: false,
                    kind: *kind,
                },
                ImageClass::Depth { multisampled } => ImageInfo {
                    dim: *dim,
                    arrayed: *arrayed,
                    depth: true,
                    multisampled: *multisampled,
                    storage: false,
                    kind: ScalarKind::Float,
                },
                ImageClass::Storage { format, .. } => ImageInfo {
                    dim: *dim,
                    arrayed: *arrayed,
                    depth: false,
                    multisampled: false,
                    storage: true,
                    kind: format.kind(),
                },
            }),
            _ => Err(Error::invalid(format!("value {image:?} is not an image"))),
        }
    }

    /// The 4-vector type an image read returns, and whether the IR wants only its first
    /// component (depth images).
    fn texel_type(&mut self, info: ImageInfo) -> Result<Word, Error> {
        let scalar = Scalar {
            kind: info.kind,
            width: 4,
        };
        self.w.numeric_type(scalar, Some(luma_ir::VectorSize::Quad))
    }

    /// The coordinate with the array layer appended as one more component, converted to the
    /// coordinate's component type (float for sampling, integer for fetches).
    fn with_layer(
        &mut self,
        coordinate: Handle<Value>,
        layer: Option<Handle<Value>>,
    ) -> Result<Word, Error> {
        let coord = self.value_id(coordinate)?;
        let Some(layer) = layer else {
            return Ok(coord);
        };
        let (scalar, size) = self.shape_of(coordinate)?;
        let (layer_scalar, _) = self.shape_of(layer)?;
        let layer_id = self.value_id(layer)?;
        let component = self.w.scalar_type(scalar)?;
        let converted = match (layer_scalar.kind, scalar.kind) {
            (a, b) if a == b => layer_id,
            (ScalarKind::Sint, ScalarKind::Float) => {
                self.inst(Op::ConvertSToF, component, &[layer_id])?
            }
            (ScalarKind::Uint, ScalarKind::Float) => {
                self.inst(Op::ConvertUToF, component, &[layer_id])?
            }
            (ScalarKind::Sint | ScalarKind::Uint, ScalarKind::Sint | ScalarKind::Uint) => {
                self.inst(Op::Bitcast, component, &[layer_id])?
            }
            _ => return Err(Error::invalid("an array layer that is not an integer")),
        };
        let count = size.map_or(1, |s| s.count()) + 1;
        let size = luma_ir::VectorSize::from_count(count)
            .ok_or_else(|| Error::invalid("a coordinate with too many components"))?;
        let ty = self.w.numeric_type(scalar, Some(size))?;
        self.inst(Op::CompositeConstruct, ty, &[coord, converted])
    }

    /// `OpImageSample*`: implicit or explicit level of detail, with or without a depth
    /// comparison. Depth images return a scalar.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn image_sample(
        &mut self,
        ty: Handle<Type>,
        image: Handle<Value>,
        sampler: Handle<Value>,
        coordinate: Handle<Value>,
        array_index: Option<Handle<Value>>,
        level: &SampleLevel,
        depth_ref: Option<Handle<Value>>,
        offset: Option<Handle<Constant>>,
        gather: Option<u8>,
    ) -> Result<Word, Error> {
        let info = self.image_info(image)?;
        if info.arrayed != array_index.is_some() {
            return Err(Error::invalid(
                "an array layer must be given exactly for array textures",
            ));
        }
        let image_ty = self.value_type(image)?;
        let image_id = self.value_id(image)?;
        let sampler_id = self.value_id(sampler)?;
        let sampled_ty = self.w.intern(SpvType::SampledImage { image: image_ty })?;
        let sampled = self.inst(Op::SampledImage, sampled_ty, &[image_id, sampler_id])?;
        // The sampled image is the sample's resource operand: Vulkan requires it decorated
        // when the texture or the sampler came from a non-uniform index.
        let types = &self.w.module.types;
        let kind = luma_ir::proc::non_uniform_load(types, self.func, image)
            .or_else(|| luma_ir::proc::non_uniform_load(types, self.func, sampler));
        if let Some(kind) = kind {
            self.w.non_uniform(sampled, kind)?;
        }
        let coord = self.with_layer(coordinate, array_index)?;

        if let Some(component) = gather {
            // `OpImageGather` / `OpImageDrefGather`: level 0 and no level operand; a constant
            // offset needs no capability (only `Offset` and `ConstOffsets` need
            // `ImageGatherExtended`).
            let result_ty = self.w.ir_type(ty, Layout::Plain)?;
            let mut args = vec![sampled, coord];
            let opcode = match depth_ref {
                Some(dref) => {
                    args.push(self.value_id(dref)?);
                    Op::ImageDrefGather
                }
                None => {
                    args.push(self.w.literal(Literal::I32(i32::from(component)))?);
                    Op::ImageGather
                }
            };
            if let Some(offset) = offset {
                args.push(ImageOperands::CONST_OFFSET.bits());
                args.push(self.w.constant(offset)?);
            }
            return self.inst(opcode, result_ty, &args);
        }
        let mut mask = ImageOperands::NONE;
        let mut operands = Vec::new();
        let explicit = match level {
            SampleLevel::Auto => false,
            SampleLevel::Bias(b) => {
                mask |= ImageOperands::BIAS;
                operands.push(self.value_id(*b)?);
                false
            }
            SampleLevel::Zero => {
                mask |= ImageOperands::LOD;
                operands.push(self.w.literal(Literal::F32(0.0))?);
                true
            }
            SampleLevel::Exact(l) => {
                mask |= ImageOperands::LOD;
                operands.push(self.value_id(*l)?);
                true
            }
            SampleLevel::Gradient { x, y } => {
                mask |= ImageOperands::GRAD;
                operands.push(self.value_id(*x)?);
                operands.push(self.value_id(*y)?);
                true
            }
        };
        if let Some(offset) = offset {
            mask |= ImageOperands::CONST_OFFSET;
            operands.push(self.w.constant(offset)?);
        }

        let mut args = vec![sampled, coord];
        let (opcode, result_ty) = match depth_ref {
            Some(dref) => {
                if !info.depth {
                    return Err(Error::invalid("a depth comparison on a color texture"));
                }
                args.push(self.value_id(dref)?);
                let opcode = if explicit {
                    Op::ImageSampleDrefExplicitLod
                } else {
                    Op::ImageSampleDrefImplicitLod
                };
                (opcode, self.w.ir_type(ty, Layout::Plain)?)
            }
            None => {
                let opcode = if explicit {
                    Op::ImageSampleExplicitLod
                } else {
                    Op::ImageSampleImplicitLod
                };
                (opcode, self.texel_type(info)?)
            }
        };
        if !mask.is_empty() {
            args.push(mask.bits());
            args.extend(operands);
        }
        let texel = self.inst(opcode, result_ty, &args)?;
        if info.depth && depth_ref.is_none() {
            // The depth is the first component of the texel.
            let t = self.w.ir_type(ty, Layout::Plain)?;
            return self.inst(Op::CompositeExtract, t, &[texel, 0]);
        }
        Ok(texel)
    }

    /// `OpImageFetch` at a level (level 0 when none is given) or a sample. Under bounds checks
    /// the level is clamped into the texture's levels (or the sample into its samples), then
    /// the coordinate (and layer) into the size at that level: Vulkan leaves an out-of-range
    /// fetch undefined without `robustImageAccess`, and Luma promises some texel instead.
    pub(crate) fn image_fetch(
        &mut self,
        ty: Handle<Type>,
        image: Handle<Value>,
        coordinate: Handle<Value>,
        array_index: Option<Handle<Value>>,
        level: Option<Handle<Value>>,
        sample: Option<Handle<Value>>,
    ) -> Result<Word, Error> {
        let info = self.image_info(image)?;
        if info.arrayed != array_index.is_some() {
            return Err(Error::invalid(
                "an array layer must be given exactly for array textures",
            ));
        }
        if self.w.options.bounds_checks {
            // The clamps below query the levels, samples and size.
            self.w.capability(Capability::ImageQuery);
        }
        let image_id = self.value_id(image)?;
        let mut coord = self.with_layer(coordinate, array_index)?;
        let mut args = vec![image_id];
        let mut operands = Vec::with_capacity(2);
        if info.multisampled {
            let sample = sample.ok_or_else(|| {
                Error::invalid("a fetch from a multisampled texture needs a sample")
            })?;
            let mut sample_id = self.value_id(sample)?;
            if self.w.options.bounds_checks {
                sample_id = self.sint(sample, sample_id)?;
                let int = self.w.scalar_type(Scalar::I32)?;
                let samples = self.inst(Op::ImageQuerySamples, int, &[image_id])?;
                sample_id = self.clamp_below(sample_id, samples, None)?;
                coord = self.clamp_fetch_coordinate(coordinate, coord, image_id, info, None)?;
            }
            operands.push(ImageOperands::SAMPLE.bits());
            operands.push(sample_id);
        } else {
            let lod = self.level_operand(level, image_id)?;
            if self.w.options.bounds_checks {
                coord =
                    self.clamp_fetch_coordinate(coordinate, coord, image_id, info, Some(lod))?;
            }
            operands.push(ImageOperands::LOD.bits());
            operands.push(lod);
        }
        args.push(coord);
        args.extend(operands);
        let texel_ty = self.texel_type(info)?;
        let texel = self.inst(Op::ImageFetch, texel_ty, &args)?;
        if info.depth {
            let t = self.w.ir_type(ty, Layout::Plain)?;
            return self.inst(Op::CompositeExtract, t, &[texel, 0]);
        }
        Ok(texel)
    }

    /// The level of a fetch or size query of `image` (level 0 when none is given): under
    /// bounds checks clamped into the texture's levels, except the constant 0, which always
    /// exists.
    fn level_operand(&mut self, level: Option<Handle<Value>>, image: Word) -> Result<Word, Error> {
        match level {
            Some(l)
                if self.w.options.bounds_checks
                    && !luma_back::is_integer_zero(self.w.module, self.func, l) =>
            {
                let id = self.value_id(l)?;
                let id = self.sint(l, id)?;
                let int = self.w.scalar_type(Scalar::I32)?;
                let levels = self.inst(Op::ImageQueryLevels, int, &[image])?;
                self.clamp_below(id, levels, None)
            }
            Some(l) => self.value_id(l),
            None => self.w.literal(Literal::I32(0)),
        }
    }

    /// `id` (the value `v`) as a signed integer (scalar or vector), so that `SClamp` sees one
    /// type: an unsigned value is bitcast.
    fn sint(&mut self, v: Handle<Value>, id: Word) -> Result<Word, Error> {
        let (scalar, size) = self.shape_of(v)?;
        if scalar.kind != ScalarKind::Uint {
            return Ok(id);
        }
        let ty = self.w.numeric_type(Scalar::I32, size)?;
        self.inst(Op::Bitcast, ty, &[id])
    }

    /// `SClamp(value, 0, bound - 1)` over signed integers of `size` components.
    fn clamp_below(
        &mut self,
        value: Word,
        bound: Word,
        size: Option<luma_ir::VectorSize>,
    ) -> Result<Word, Error> {
        let ty = self.w.numeric_type(Scalar::I32, size)?;
        let one = self.splat_const(Scalar::I32, size, Literal::I32(1))?;
        let last = self.inst(Op::ISub, ty, &[bound, one])?;
        let zero = self.w.const_null(ty)?;
        self.ext(ty, spirv::GlslStd450Op::SClamp, &[value, zero, last])
    }

    /// The fetch coordinate `coord` (the IR's `coordinate`, with the layer appended for
    /// arrays) clamped into the texture's size at `level` (layers included): the size of a
    /// multisampled texture when `level` is `None`.
    fn clamp_fetch_coordinate(
        &mut self,
        coordinate: Handle<Value>,
        coord: Word,
        image: Word,
        info: ImageInfo,
        level: Option<Word>,
    ) -> Result<Word, Error> {
        let dims = match info.dim {
            ImageDimension::D2 | ImageDimension::Cube => 2,
            ImageDimension::D3 => 3,
        };
        let count = luma_ir::VectorSize::from_count(dims + u32::from(info.arrayed))
            .ok_or_else(|| Error::invalid("a fetch coordinate of a bad size"))?;
        let (scalar, _) = self.shape_of(coordinate)?;
        let coord = if scalar.kind == ScalarKind::Uint {
            let ty = self.w.numeric_type(Scalar::I32, Some(count))?;
            self.inst(Op::Bitcast, ty, &[coord])?
        } else {
            coord
        };
        let ty = self.w.numeric_type(Scalar::I32, Some(count))?;
        let extent = match level {
            Some(lod) => self.inst(Op::ImageQuerySizeLod, ty, &[image, lod])?,
            None => self.inst(Op::ImageQuerySize, ty, &[image])?,
        };
        self.clamp_below(coord, extent, Some(count))
    }

    /// Image size, level count, layer count and sample count queries.
    pub(crate) fn image_query(
        &mut self,
        ty: Handle<Type>,
        image: Handle<Value>,
        query: &ImageQuery,
    ) -> Result<Word, Error> {
        self.w.capability(Capability::ImageQuery);
        let info = self.image_info(image)?;
        let t = self.w.ir_type(ty, Layout::Plain)?;
        let image_id = self.value_id(image)?;
        let dims = match info.dim {
            ImageDimension::D2 | ImageDimension::Cube => 2,
            ImageDimension::D3 => 3,
        };
        match query {
            ImageQuery::NumLevels => self.inst(Op::ImageQueryLevels, t, &[image_id]),
            ImageQuery::NumSamples => self.inst(Op::ImageQuerySamples, t, &[image_id]),
            ImageQuery::Size { level } => {
                let scalar = self
                    .w
                    .ir_type_inner(ty)?
                    .scalar()
                    .ok_or_else(|| Error::invalid("a size query of a non-integer type"))?;
                let count = dims + u32::from(info.arrayed);
                let full = self.size_query(image_id, info, *level, scalar, count)?;
                if !info.arrayed {
                    return Ok(full);
                }
                // The IR's size leaves the layer count out.
                let pattern: Vec<Word> = (0..dims).collect();
                let mut operands = vec![full, full];
                operands.extend(pattern);
                self.inst(Op::VectorShuffle, t, &operands)
            }
            ImageQuery::NumLayers => {
                if !info.arrayed {
                    return Err(Error::invalid(
                        "a layer count of a texture that is not an array",
                    ));
                }
                let scalar = self
                    .w
                    .ir_type_inner(ty)?
                    .scalar()
                    .ok_or_else(|| Error::invalid("a layer query of a non-integer type"))?;
                let full = self.size_query(image_id, info, None, scalar, dims + 1)?;
                self.inst(Op::CompositeExtract, t, &[full, dims])
            }
        }
    }

    /// `OpImageQuerySizeLod` (or `OpImageQuerySize` for multisampled and storage images) with
    /// `count` components of `scalar`.
    fn size_query(
        &mut self,
        image: Word,
        info: ImageInfo,
        level: Option<Handle<Value>>,
        scalar: Scalar,
        count: u32,
    ) -> Result<Word, Error> {
        let ty = match luma_ir::VectorSize::from_count(count) {
            Some(size) => self.w.numeric_type(scalar, Some(size))?,
            None => self.w.scalar_type(scalar)?,
        };
        if info.multisampled || info.storage {
            return self.inst(Op::ImageQuerySize, ty, &[image]);
        }
        // An out-of-range level is undefined in Vulkan: report the nearest level's size.
        let lod = self.level_operand(level, image)?;
        self.inst(Op::ImageQuerySizeLod, ty, &[image, lod])
    }

    /// The coordinate of a storage image access with the layer appended, and its component
    /// count.
    fn storage_coordinate(
        &mut self,
        image: Handle<Value>,
        coordinate: Handle<Value>,
        array_index: Option<Handle<Value>>,
    ) -> Result<(ImageInfo, Word, luma_ir::VectorSize), Error> {
        let info = self.image_info(image)?;
        if !info.storage {
            return Err(Error::invalid(
                "a storage image access of a sampled texture",
            ));
        }
        if info.arrayed != array_index.is_some() {
            return Err(Error::invalid(
                "an array layer must be given exactly for array images",
            ));
        }
        let dims = match info.dim {
            ImageDimension::D2 | ImageDimension::Cube => 2,
            ImageDimension::D3 => 3,
        };
        let count = luma_ir::VectorSize::from_count(dims + u32::from(info.arrayed))
            .ok_or_else(|| Error::invalid("a storage image coordinate of a bad size"))?;
        let coord = self.with_layer(coordinate, array_index)?;
        Ok((info, coord, count))
    }

    /// `OpImageQuerySize` of a storage image with the layer count included: the bound every
    /// coordinate (with its layer) must stay below.
    fn storage_extent(&mut self, image: Word, count: luma_ir::VectorSize) -> Result<Word, Error> {
        self.w.capability(Capability::ImageQuery);
        let ty = self.w.numeric_type(Scalar::I32, Some(count))?;
        self.inst(Op::ImageQuerySize, ty, &[image])
    }

    /// `OpImageRead` of a storage image. Under bounds checks the coordinate (and layer) is
    /// clamped into the image first, so an out-of-range load reads an edge texel.
    pub(crate) fn image_load(
        &mut self,
        image: Handle<Value>,
        coordinate: Handle<Value>,
        array_index: Option<Handle<Value>>,
    ) -> Result<Word, Error> {
        let (info, mut coord, count) = self.storage_coordinate(image, coordinate, array_index)?;
        let image_id = self.value_id(image)?;
        if self.w.options.bounds_checks {
            let ty = self.w.numeric_type(Scalar::I32, Some(count))?;
            let extent = self.storage_extent(image_id, count)?;
            let one = self.splat_const(Scalar::I32, Some(count), Literal::I32(1))?;
            let last = self.inst(Op::ISub, ty, &[extent, one])?;
            let zero = self.w.const_null(ty)?;
            coord = self.ext(ty, spirv::GlslStd450Op::SClamp, &[coord, zero, last])?;
        }
        let texel_ty = self.texel_type(info)?;
        self.inst(Op::ImageRead, texel_ty, &[image_id, coord])
    }

    /// `OpImageWrite` of a storage image. Under bounds checks the write sits in a selection
    /// that skips it when the coordinate (or layer) is outside the image, as WGSL defines.
    pub(crate) fn image_store(
        &mut self,
        image: Handle<Value>,
        coordinate: Handle<Value>,
        array_index: Option<Handle<Value>>,
        value: Handle<Value>,
    ) -> Result<(), Error> {
        let (_, coord, count) = self.storage_coordinate(image, coordinate, array_index)?;
        let image_id = self.value_id(image)?;
        let texel = self.value_id(value)?;
        if !self.w.options.bounds_checks {
            return self.inst_void(Op::ImageWrite, &[image_id, coord, texel]);
        }
        let extent = self.storage_extent(image_id, count)?;
        // Unsigned comparison: a negative coordinate is a huge unsigned one.
        let uty = self.w.numeric_type(Scalar::U32, Some(count))?;
        let ucoord = self.inst(Op::Bitcast, uty, &[coord])?;
        let uextent = self.inst(Op::Bitcast, uty, &[extent])?;
        let bvec = self.w.numeric_type(Scalar::BOOL, Some(count))?;
        let inside = self.inst(Op::ULessThan, bvec, &[ucoord, uextent])?;
        let bool_ty = self.w.scalar_type(Scalar::BOOL)?;
        let all = self.inst(Op::All, bool_ty, &[inside])?;
        let arm = self.w.id();
        let merge = self.w.id();
        self.inst_void(
            Op::SelectionMerge,
            &[merge, spirv::SelectionControl::NONE.bits()],
        )?;
        self.end_block(Op::BranchConditional, &[all, arm, merge])?;
        self.start_block(arm)?;
        self.inst_void(Op::ImageWrite, &[image_id, coord, texel])?;
        self.end_block(Op::Branch, &[merge])?;
        self.start_block(merge)
    }
}
