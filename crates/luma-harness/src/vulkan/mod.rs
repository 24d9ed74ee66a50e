//! The Vulkan side: loading the driver through `ash` (dlopen of libvulkan, no link dependency),
//! the instance with the Khronos validation layer, a debug-utils messenger that records every
//! validation warning and error, device selection, and running a [`Job`](crate::job::Job).
//!
//! This is the only module with `unsafe` code: Vulkan is a C API. Each unsafe block relies on the
//! same invariants: handles passed to Vulkan were created from this `Gpu`'s device and are
//! destroyed only once, after the device is idle; pointers passed in create-info structs point at
//! locals that outlive the call (ash's builder lifetimes check most of this).
#![allow(unsafe_code)]

mod run;

use std::ffi::{c_void, CString};
use std::fmt;
use std::sync::Mutex;

use ash::vk;

use crate::error::{Error, Result};

/// The validation layer the harness asks for.
pub const VALIDATION_LAYER: &str = "VK_LAYER_KHRONOS_validation";

/// Environment variable that picks a device by (case-insensitive) substring of its name.
pub const DEVICE_ENV: &str = "LUMA_VK_DEVICE";

/// How strongly the harness wants the validation layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Validation {
    /// Fail when the layer is missing (tests).
    Required,
    /// Use it when installed.
    IfAvailable,
    /// Do not load it.
    Off,
}

/// How to open the device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GpuOptions {
    /// Validation layer policy.
    pub validation: Validation,
    /// Pick the first device whose name contains this (case-insensitive); `None` reads
    /// [`DEVICE_ENV`], and without it prefers a discrete GPU, then integrated, virtual, CPU.
    pub device: Option<String>,
    /// Also enable, where the device has them, the features Slang's SPIR-V of Luma's HLSL
    /// declares though Luma's own outputs do not need them: `shaderInt16` (Slang declares
    /// `Int16` with `Float16`), `shaderDrawParameters` (its `SV_VertexID` subtracts the base
    /// vertex) and `scalarBlockLayout` (the `hlsl-slang` path compiles with
    /// `-fvk-use-scalar-layout`: Slang's default layout of `ByteAddressBuffer` vector accesses
    /// indexes a 16-byte-stride view by `offset / 12`). Off by default, so that the validation
    /// layer still rejects a Luma output that needs one of them.
    pub slang_features: bool,
}

impl Default for GpuOptions {
    fn default() -> GpuOptions {
        GpuOptions {
            validation: Validation::Required,
            device: None,
            slang_features: false,
        }
    }
}

/// Severity of a validation message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// A warning: reported, does not fail the run.
    Warning,
    /// An error: fails the run.
    Error,
}

/// One message from the validation layer (or the loader / driver through debug utils).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// Its severity.
    pub severity: Severity,
    /// The message id name (a VUID for validation errors).
    pub id: String,
    /// The text.
    pub text: String,
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        write!(f, "[{sev}] {}: {}", self.id, self.text)
    }
}

/// What the harness ran on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceInfo {
    /// Device name (`llvmpipe (LLVM ...)`, `NVIDIA H200`, ...).
    pub name: String,
    /// `discrete`, `integrated`, `virtual`, `cpu` or `other`.
    pub kind: String,
    /// Vulkan version the device supports.
    pub api_version: String,
    /// Driver version as the vendor encodes it.
    pub driver_version: u32,
    /// Whether the validation layer is active.
    pub validation: bool,
    /// The optional features enabled that tests may need ([`OPTIONAL_FEATURES`] names the
    /// ones there are): those the device has.
    pub features: Vec<&'static str>,
}

/// The optional device features a test may need (`device_features` in its spec), by their
/// Vulkan names: the harness enables each one the device has. They are the descriptor-indexing
/// features that Luma's reflection lists as `device_features`.
pub const OPTIONAL_FEATURES: [&str; 2] = [
    "shaderSampledImageArrayNonUniformIndexing",
    "shaderStorageImageArrayNonUniformIndexing",
];

struct Sink {
    messages: Mutex<Vec<Message>>,
}

/// Records a debug-utils message. Called by the driver or layer on any thread; must not panic.
unsafe extern "system" fn on_message(
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    _types: vk::DebugUtilsMessageTypeFlagsEXT,
    data: *const vk::DebugUtilsMessengerCallbackDataEXT<'_>,
    user: *mut c_void,
) -> vk::Bool32 {
    if data.is_null() || user.is_null() {
        return vk::FALSE;
    }
    // SAFETY: `user` is the `Sink` boxed in `Gpu`, which outlives the messenger; `data` is
    // valid for the duration of the callback per the Vulkan spec.
    let (sink, data) = unsafe { (&*(user as *const Sink), &*data) };
    // SAFETY: the strings are NUL-terminated or null, per the spec.
    let text = unsafe { data.message_as_c_str() }
        .map(|c| c.to_string_lossy().into_owned())
        .unwrap_or_default();
    let id = unsafe { data.message_id_name_as_c_str() }
        .map(|c| c.to_string_lossy().into_owned())
        .unwrap_or_default();
    let severity = if severity.contains(vk::DebugUtilsMessageSeverityFlagsEXT::ERROR) {
        Severity::Error
    } else {
        Severity::Warning
    };
    if let Ok(mut list) = sink.messages.lock() {
        list.push(Message { severity, id, text });
    }
    vk::FALSE
}

fn vk_err(what: &str) -> impl Fn(vk::Result) -> Error + '_ {
    move |e| Error::Vulkan(format!("{what} failed: {e}"))
}

/// An opened Vulkan device, ready to run jobs one after another.
pub struct Gpu {
    /// Keeps the loader library loaded for as long as the instance lives.
    _entry: ash::Entry,
    instance: ash::Instance,
    debug: Option<(ash::ext::debug_utils::Instance, vk::DebugUtilsMessengerEXT)>,
    sink: Box<Sink>,
    physical: vk::PhysicalDevice,
    device: ash::Device,
    queue: vk::Queue,
    family: u32,
    memory: vk::PhysicalDeviceMemoryProperties,
    info: DeviceInfo,
}

impl fmt::Debug for Gpu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Gpu").field("info", &self.info).finish()
    }
}

fn version_string(v: u32) -> String {
    format!(
        "{}.{}.{}",
        vk::api_version_major(v),
        vk::api_version_minor(v),
        vk::api_version_patch(v)
    )
}

fn kind_name(t: vk::PhysicalDeviceType) -> &'static str {
    match t {
        vk::PhysicalDeviceType::DISCRETE_GPU => "discrete",
        vk::PhysicalDeviceType::INTEGRATED_GPU => "integrated",
        vk::PhysicalDeviceType::VIRTUAL_GPU => "virtual",
        vk::PhysicalDeviceType::CPU => "cpu",
        _ => "other",
    }
}

fn kind_rank(t: vk::PhysicalDeviceType) -> u32 {
    match t {
        vk::PhysicalDeviceType::DISCRETE_GPU => 0,
        vk::PhysicalDeviceType::INTEGRATED_GPU => 1,
        vk::PhysicalDeviceType::VIRTUAL_GPU => 2,
        vk::PhysicalDeviceType::CPU => 4,
        _ => 3,
    }
}

/// A device the loader reports.
#[derive(Debug, Clone)]
struct Candidate {
    physical: vk::PhysicalDevice,
    name: String,
    kind: vk::PhysicalDeviceType,
    api_version: u32,
    driver_version: u32,
    family: Option<u32>,
}

impl Gpu {
    /// Loads Vulkan, creates the instance (with validation per `options`) and opens a device.
    pub fn new(options: &GpuOptions) -> Result<Gpu> {
        // SAFETY: loading the system's Vulkan loader library; ash checks the entry points.
        let entry = unsafe { ash::Entry::load() }.map_err(|e| {
            Error::Vulkan(format!(
                "cannot load the Vulkan loader (libvulkan.so.1): {e}; install libvulkan1 and a \
                 driver (scripts/install-test-tools.sh installs lavapipe)"
            ))
        })?;
        // SAFETY: plain queries on a loaded entry.
        let layers = unsafe { entry.enumerate_instance_layer_properties() }
            .map_err(vk_err("vkEnumerateInstanceLayerProperties"))?;
        let has_layer = layers.iter().any(|l| {
            l.layer_name_as_c_str()
                .is_ok_and(|n| n.to_bytes() == VALIDATION_LAYER.as_bytes())
        });
        let use_validation = match options.validation {
            Validation::Off => false,
            Validation::IfAvailable => has_layer,
            Validation::Required => {
                if !has_layer {
                    return Err(Error::Vulkan(format!(
                        "the Vulkan validation layer {VALIDATION_LAYER} is not installed; run \
                         scripts/install-test-tools.sh (it installs vulkan-validationlayers)"
                    )));
                }
                true
            }
        };
        let has_debug_utils = Self::has_debug_utils(&entry, use_validation)?;
        if use_validation && !has_debug_utils {
            return Err(Error::Vulkan(
                "VK_EXT_debug_utils is not available, so validation messages cannot be \
                 recorded"
                    .into(),
            ));
        }
        // SAFETY: plain query.
        let loader_version = unsafe { entry.try_enumerate_instance_version() }
            .map_err(vk_err("vkEnumerateInstanceVersion"))?
            .unwrap_or(vk::API_VERSION_1_0);
        if loader_version < vk::API_VERSION_1_1 {
            return Err(Error::Vulkan(format!(
                "the Vulkan loader supports only {}; the harness needs 1.1",
                version_string(loader_version)
            )));
        }
        let api_version = loader_version.min(vk::API_VERSION_1_3);
        let app_name = c"luma-harness";
        let app = vk::ApplicationInfo::default()
            .application_name(app_name)
            .engine_name(app_name)
            .api_version(api_version);
        let layer_name = CString::new(VALIDATION_LAYER)
            .map_err(|e| Error::Vulkan(format!("layer name: {e}")))?;
        let layer_ptrs = if use_validation {
            vec![layer_name.as_ptr()]
        } else {
            Vec::new()
        };
        let ext_ptrs = if has_debug_utils {
            vec![ash::ext::debug_utils::NAME.as_ptr()]
        } else {
            Vec::new()
        };
        let sink = Box::new(Sink {
            messages: Mutex::new(Vec::new()),
        });
        let sink_ptr = &*sink as *const Sink as *mut c_void;
        let mut messenger_info = vk::DebugUtilsMessengerCreateInfoEXT::default()
            .message_severity(
                vk::DebugUtilsMessageSeverityFlagsEXT::WARNING
                    | vk::DebugUtilsMessageSeverityFlagsEXT::ERROR,
            )
            .message_type(
                vk::DebugUtilsMessageTypeFlagsEXT::GENERAL
                    | vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION
                    | vk::DebugUtilsMessageTypeFlagsEXT::PERFORMANCE,
            )
            .pfn_user_callback(Some(on_message))
            .user_data(sink_ptr);
        let mut create = vk::InstanceCreateInfo::default()
            .application_info(&app)
            .enabled_layer_names(&layer_ptrs)
            .enabled_extension_names(&ext_ptrs);
        if has_debug_utils {
            // Also catches messages from vkCreateInstance / vkDestroyInstance themselves.
            create = create.push_next(&mut messenger_info);
        }
        // SAFETY: every pointer in `create` points at locals alive for the call.
        let instance =
            unsafe { entry.create_instance(&create, None) }.map_err(vk_err("vkCreateInstance"))?;
        let debug = if has_debug_utils {
            let loader = ash::ext::debug_utils::Instance::new(&entry, &instance);
            // SAFETY: valid instance with the extension enabled; the sink outlives it.
            match unsafe { loader.create_debug_utils_messenger(&messenger_info, None) } {
                Ok(m) => Some((loader, m)),
                Err(e) => {
                    // SAFETY: nothing else was created from this instance yet.
                    unsafe { instance.destroy_instance(None) };
                    return Err(Error::Vulkan(format!(
                        "vkCreateDebugUtilsMessengerEXT failed: {e}"
                    )));
                }
            }
        } else {
            None
        };
        let mut gpu_parts = Partial {
            instance: Some(instance),
            debug,
        };
        let picked = gpu_parts.pick_device(options)?;
        let (device, queue, family, memory, features) =
            gpu_parts.open_device(&picked, api_version, options.slang_features)?;
        let info = DeviceInfo {
            name: picked.name.clone(),
            kind: kind_name(picked.kind).to_string(),
            api_version: version_string(picked.api_version),
            driver_version: picked.driver_version,
            validation: use_validation,
            features,
        };
        let (instance, debug) = gpu_parts.take()?;
        let gpu = Gpu {
            _entry: entry,
            instance,
            debug,
            sink,
            physical: picked.physical,
            device,
            queue,
            family,
            memory,
            info,
        };
        // Anything the layer said while the device was opened belongs to no job, but an error
        // there means the harness itself misused Vulkan: fail loudly.
        let startup = gpu.take_messages();
        if startup.iter().any(|m| m.severity == Severity::Error) {
            return Err(Error::Validation(
                startup
                    .into_iter()
                    .filter(|m| m.severity == Severity::Error)
                    .collect(),
            ));
        }
        Ok(gpu)
    }

    fn has_debug_utils(entry: &ash::Entry, with_layer: bool) -> Result<bool> {
        let wanted = ash::ext::debug_utils::NAME.to_bytes();
        // SAFETY: plain queries.
        let mut exts = unsafe { entry.enumerate_instance_extension_properties(None) }
            .map_err(vk_err("vkEnumerateInstanceExtensionProperties"))?;
        if with_layer {
            let layer = CString::new(VALIDATION_LAYER)
                .map_err(|e| Error::Vulkan(format!("layer name: {e}")))?;
            // SAFETY: plain query with a NUL-terminated layer name.
            if let Ok(more) = unsafe { entry.enumerate_instance_extension_properties(Some(&layer)) }
            {
                exts.extend(more);
            }
        }
        Ok(exts.iter().any(|e| {
            e.extension_name_as_c_str()
                .is_ok_and(|n| n.to_bytes() == wanted)
        }))
    }

    /// What the harness runs on.
    pub fn info(&self) -> &DeviceInfo {
        &self.info
    }

    /// Removes and returns every message recorded so far.
    pub fn take_messages(&self) -> Vec<Message> {
        match self.sink.messages.lock() {
            Ok(mut list) => std::mem::take(&mut *list),
            Err(poisoned) => std::mem::take(&mut *poisoned.into_inner()),
        }
    }

    /// Fails with the recorded validation errors, if any; returns the warnings otherwise (and
    /// keeps nothing recorded).
    fn check_messages(&self, warnings: &mut Vec<Message>) -> Result<()> {
        let messages = self.take_messages();
        let (errors, rest): (Vec<Message>, Vec<Message>) = messages
            .into_iter()
            .partition(|m| m.severity == Severity::Error);
        warnings.extend(rest);
        if errors.is_empty() {
            Ok(())
        } else {
            Err(Error::Validation(errors))
        }
    }

    fn memory_type(&self, bits: u32, want: vk::MemoryPropertyFlags) -> Option<u32> {
        let count = self
            .memory
            .memory_type_count
            .min(vk::MAX_MEMORY_TYPES as u32);
        (0..count).find(|&i| {
            bits & (1 << i) != 0
                && self
                    .memory
                    .memory_types
                    .get(i as usize)
                    .is_some_and(|t| t.property_flags.contains(want))
        })
    }

    /// Lists every device the loader reports, as `name (kind, Vulkan x.y.z)`.
    pub fn list_devices() -> Result<Vec<String>> {
        // SAFETY: as in `new`.
        let entry = unsafe { ash::Entry::load() }
            .map_err(|e| Error::Vulkan(format!("cannot load the Vulkan loader: {e}")))?;
        let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_1);
        let create = vk::InstanceCreateInfo::default().application_info(&app);
        // SAFETY: as in `new`.
        let instance =
            unsafe { entry.create_instance(&create, None) }.map_err(vk_err("vkCreateInstance"))?;
        let parts = Partial {
            instance: Some(instance),
            debug: None,
        };
        let list = parts
            .candidates()?
            .into_iter()
            .map(|c| {
                format!(
                    "{} ({}, Vulkan {})",
                    c.name,
                    kind_name(c.kind),
                    version_string(c.api_version)
                )
            })
            .collect();
        Ok(list)
    }
}

/// An instance (and messenger) that is destroyed on drop unless taken: keeps error paths
/// while opening the device from leaking them.
struct Partial {
    instance: Option<ash::Instance>,
    debug: Option<(ash::ext::debug_utils::Instance, vk::DebugUtilsMessengerEXT)>,
}

impl Partial {
    fn instance(&self) -> Result<&ash::Instance> {
        self.instance
            .as_ref()
            .ok_or_else(|| Error::Vulkan("instance already released".into()))
    }

    fn take(
        &mut self,
    ) -> Result<(
        ash::Instance,
        Option<(ash::ext::debug_utils::Instance, vk::DebugUtilsMessengerEXT)>,
    )> {
        let instance = self
            .instance
            .take()
            .ok_or_else(|| Error::Vulkan("instance already released".into()))?;
        Ok((instance, self.debug.take()))
    }

    fn candidates(&self) -> Result<Vec<Candidate>> {
        let instance = self.instance()?;
        // SAFETY: valid instance.
        let physicals = unsafe { instance.enumerate_physical_devices() }
            .map_err(vk_err("vkEnumeratePhysicalDevices"))?;
        let mut out = Vec::new();
        for physical in physicals {
            // SAFETY: `physical` comes from this instance.
            let props = unsafe { instance.get_physical_device_properties(physical) };
            let families =
                unsafe { instance.get_physical_device_queue_family_properties(physical) };
            let want = vk::QueueFlags::GRAPHICS | vk::QueueFlags::COMPUTE;
            let family = families
                .iter()
                .position(|f| f.queue_flags.contains(want) && f.queue_count > 0)
                .and_then(|i| u32::try_from(i).ok());
            let name = props
                .device_name_as_c_str()
                .map(|c| c.to_string_lossy().into_owned())
                .unwrap_or_default();
            out.push(Candidate {
                physical,
                name,
                kind: props.device_type,
                api_version: props.api_version,
                driver_version: props.driver_version,
                family,
            });
        }
        Ok(out)
    }

    fn pick_device(&self, options: &GpuOptions) -> Result<Candidate> {
        let all = self.candidates()?;
        let names = || {
            all.iter()
                .map(|c| format!("`{}`", c.name))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let usable: Vec<&Candidate> = all
            .iter()
            .filter(|c| c.family.is_some() && c.api_version >= vk::API_VERSION_1_1)
            .collect();
        let wanted = options
            .device
            .clone()
            .or_else(|| std::env::var(DEVICE_ENV).ok().filter(|s| !s.is_empty()));
        let chosen =
            match wanted {
                Some(want) => {
                    let want_lower = want.to_lowercase();
                    usable
                        .iter()
                        .find(|c| c.name.to_lowercase().contains(&want_lower))
                        .copied()
                        .ok_or_else(|| {
                            Error::Vulkan(format!(
                            "no usable Vulkan 1.1 device with a graphics+compute queue matches \
                             `{want}`; devices: {}",
                            names()
                        ))
                        })?
                }
                None => {
                    usable
                        .iter()
                        .min_by_key(|c| kind_rank(c.kind))
                        .copied()
                        .ok_or_else(|| {
                            Error::Vulkan(format!(
                        "no Vulkan 1.1 device with a graphics+compute queue (devices: {}); \
                         install lavapipe with scripts/install-test-tools.sh",
                        if all.is_empty() { "none".to_string() } else { names() }
                    ))
                        })?
                }
            };
        Ok(chosen.clone())
    }

    fn open_device(
        &self,
        picked: &Candidate,
        instance_version: u32,
        slang: bool,
    ) -> Result<(
        ash::Device,
        vk::Queue,
        u32,
        vk::PhysicalDeviceMemoryProperties,
        Vec<&'static str>,
    )> {
        let instance = self.instance()?;
        let family = picked
            .family
            .ok_or_else(|| Error::Vulkan("device has no graphics+compute queue".into()))?;
        // SAFETY: `picked.physical` comes from this instance.
        let supported = unsafe { instance.get_physical_device_features(picked.physical) };
        // Only features shaders in the corpus may legitimately need; everything else stays
        // off so the validation layer reports a shader that needs more than it declares.
        let on = |f: vk::Bool32| f;
        let features = vk::PhysicalDeviceFeatures {
            fragment_stores_and_atomics: on(supported.fragment_stores_and_atomics),
            vertex_pipeline_stores_and_atomics: on(supported.vertex_pipeline_stores_and_atomics),
            image_cube_array: on(supported.image_cube_array),
            independent_blend: on(supported.independent_blend),
            // `sample_index` in a fragment shader is the SampleRateShading capability.
            sample_rate_shading: on(supported.sample_rate_shading),
            shader_sampled_image_array_dynamic_indexing: on(
                supported.shader_sampled_image_array_dynamic_indexing
            ),
            shader_storage_buffer_array_dynamic_indexing: on(
                supported.shader_storage_buffer_array_dynamic_indexing
            ),
            shader_uniform_buffer_array_dynamic_indexing: on(
                supported.shader_uniform_buffer_array_dynamic_indexing
            ),
            shader_image_gather_extended: on(supported.shader_image_gather_extended),
            shader_storage_image_extended_formats: on(
                supported.shader_storage_image_extended_formats
            ),
            shader_storage_image_array_dynamic_indexing: on(
                supported.shader_storage_image_array_dynamic_indexing
            ),
            shader_int16: if slang {
                supported.shader_int16
            } else {
                vk::FALSE
            },
            ..Default::default()
        };
        // The non-uniform indexing features of descriptor indexing (Vulkan 1.2 core,
        // VK_EXT_descriptor_indexing before): a shader that marks an index into an array of
        // resources non-uniform declares the matching SPIR-V capability, which the validation
        // layer rejects unless the feature is on (reflection lists them as `device_features`).
        // On when the device has them; everything else of the extension stays off.
        let indexing = self.descriptor_indexing(picked, instance_version);
        let mut indexing_features = vk::PhysicalDeviceDescriptorIndexingFeatures::default()
            .shader_sampled_image_array_non_uniform_indexing(
                indexing.is_some_and(|i| i.sampled_images),
            )
            .shader_storage_image_array_non_uniform_indexing(
                indexing.is_some_and(|i| i.storage_images),
            );
        let mut extension_ptrs: Vec<*const std::ffi::c_char> = match indexing {
            // Its one dependency, VK_KHR_maintenance3, is core in the Vulkan 1.1 the harness
            // requires.
            Some(i) if i.extension => vec![ash::ext::descriptor_indexing::NAME.as_ptr()],
            _ => Vec::new(),
        };
        // `half` arithmetic, and `half` in buffers, push constants and stage I/O: the
        // validation layer checks the Float16 and 16-bit storage capabilities a module
        // declares against these, so a shader declaring one the device lacks still fails.
        // SAFETY: plain query on this instance's device.
        let device_exts =
            unsafe { instance.enumerate_device_extension_properties(picked.physical) }
                .map_err(vk_err("vkEnumerateDeviceExtensionProperties"))?;
        let has_float16_ext = device_exts.iter().any(|e| {
            e.extension_name_as_c_str()
                .is_ok_and(|n| n == ash::khr::shader_float16_int8::NAME)
        });
        let mut storage16 = vk::PhysicalDevice16BitStorageFeatures::default();
        let mut float16 = vk::PhysicalDeviceShaderFloat16Int8Features::default();
        // What Slang's SPIR-V needs besides (`slang`): both Vulkan 1.2 core, so their feature
        // structs need no extension there.
        let slang_12 = slang && instance_version >= vk::API_VERSION_1_2;
        let mut has_draw = vk::PhysicalDeviceShaderDrawParametersFeatures::default();
        let mut has_scalar = vk::PhysicalDeviceScalarBlockLayoutFeatures::default();
        {
            let mut query = vk::PhysicalDeviceFeatures2::default().push_next(&mut storage16);
            if has_float16_ext {
                query = query.push_next(&mut float16);
            }
            if slang_12 {
                query = query.push_next(&mut has_draw).push_next(&mut has_scalar);
            }
            // SAFETY: the chain points at locals alive for the call; the float16 struct is
            // only chained when the device has its extension, the Slang ones on Vulkan 1.2.
            unsafe { instance.get_physical_device_features2(picked.physical, &mut query) };
        }
        let mut storage16_on = vk::PhysicalDevice16BitStorageFeatures::default()
            .storage_buffer16_bit_access(storage16.storage_buffer16_bit_access == vk::TRUE)
            .uniform_and_storage_buffer16_bit_access(
                storage16.uniform_and_storage_buffer16_bit_access == vk::TRUE,
            )
            .storage_push_constant16(storage16.storage_push_constant16 == vk::TRUE)
            .storage_input_output16(storage16.storage_input_output16 == vk::TRUE);
        let mut float16_on = vk::PhysicalDeviceShaderFloat16Int8Features::default()
            .shader_float16(float16.shader_float16 == vk::TRUE);
        if has_float16_ext {
            extension_ptrs.push(ash::khr::shader_float16_int8::NAME.as_ptr());
        }
        let priorities = [1.0f32];
        let queue_info = [vk::DeviceQueueCreateInfo::default()
            .queue_family_index(family)
            .queue_priorities(&priorities)];
        let mut create = vk::DeviceCreateInfo::default()
            .queue_create_infos(&queue_info)
            .enabled_extension_names(&extension_ptrs)
            .enabled_features(&features)
            .push_next(&mut storage16_on);
        let mut draw = vk::PhysicalDeviceShaderDrawParametersFeatures::default()
            .shader_draw_parameters(has_draw.shader_draw_parameters == vk::TRUE);
        let mut scalar = vk::PhysicalDeviceScalarBlockLayoutFeatures::default()
            .scalar_block_layout(has_scalar.scalar_block_layout == vk::TRUE);
        if slang_12 {
            create = create.push_next(&mut draw).push_next(&mut scalar);
        }
        if indexing.is_some() {
            create = create.push_next(&mut indexing_features);
        }
        if has_float16_ext {
            create = create.push_next(&mut float16_on);
        }
        // SAFETY: create info points at locals alive for the call.
        let device = unsafe { instance.create_device(picked.physical, &create, None) }
            .map_err(vk_err("vkCreateDevice"))?;
        // SAFETY: queue 0 of a family we created one queue in.
        let queue = unsafe { device.get_device_queue(family, 0) };
        let memory = unsafe { instance.get_physical_device_memory_properties(picked.physical) };
        let enabled = [
            indexing.is_some_and(|i| i.sampled_images),
            indexing.is_some_and(|i| i.storage_images),
        ];
        let features = OPTIONAL_FEATURES
            .iter()
            .zip(enabled)
            .filter(|(_, on)| *on)
            .map(|(name, _)| *name)
            .collect();
        Ok((device, queue, family, memory, features))
    }

    /// The descriptor-indexing features `picked` supports, whether they need
    /// VK_EXT_descriptor_indexing (a device or instance below Vulkan 1.2), and nothing when
    /// neither the core version nor the extension provides them.
    fn descriptor_indexing(&self, picked: &Candidate, instance_version: u32) -> Option<Indexing> {
        let instance = self.instance().ok()?;
        let core = picked.api_version.min(instance_version) >= vk::API_VERSION_1_2;
        let extension = !core && {
            // SAFETY: plain query on a physical device of this instance.
            let exts =
                unsafe { instance.enumerate_device_extension_properties(picked.physical) }.ok()?;
            let has = |name: &std::ffi::CStr| {
                exts.iter()
                    .any(|e| e.extension_name_as_c_str().is_ok_and(|n| n == name))
            };
            has(ash::ext::descriptor_indexing::NAME)
        };
        if !core && !extension {
            return None;
        }
        let mut supported = vk::PhysicalDeviceDescriptorIndexingFeatures::default();
        let mut features2 = vk::PhysicalDeviceFeatures2::default().push_next(&mut supported);
        // SAFETY: a Vulkan 1.1 instance (checked at creation); the chain points at locals.
        unsafe { instance.get_physical_device_features2(picked.physical, &mut features2) };
        Some(Indexing {
            sampled_images: supported.shader_sampled_image_array_non_uniform_indexing != 0,
            storage_images: supported.shader_storage_image_array_non_uniform_indexing != 0,
            extension,
        })
    }
}

/// What a device offers of descriptor indexing's non-uniform indexing.
#[derive(Debug, Clone, Copy)]
struct Indexing {
    /// `shaderSampledImageArrayNonUniformIndexing` (sampled images and samplers).
    sampled_images: bool,
    /// `shaderStorageImageArrayNonUniformIndexing`.
    storage_images: bool,
    /// Whether VK_EXT_descriptor_indexing must be enabled for them (below Vulkan 1.2).
    extension: bool,
}

impl Drop for Partial {
    fn drop(&mut self) {
        // SAFETY: only reached on error paths, before any device exists; handles are ours.
        unsafe {
            if let Some((loader, messenger)) = self.debug.take() {
                loader.destroy_debug_utils_messenger(messenger, None);
            }
            if let Some(instance) = self.instance.take() {
                instance.destroy_instance(None);
            }
        }
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        // SAFETY: jobs clean up their objects before returning; the device is idle after
        // the wait, and nothing else holds these handles.
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_device(None);
            if let Some((loader, messenger)) = self.debug.take() {
                loader.destroy_debug_utils_messenger(messenger, None);
            }
            self.instance.destroy_instance(None);
        }
    }
}

/// Turns a name into a C string for Vulkan.
fn c_string(s: &str) -> Result<CString> {
    CString::new(s).map_err(|_| Error::Spec(format!("name `{s}` contains a NUL byte")))
}
