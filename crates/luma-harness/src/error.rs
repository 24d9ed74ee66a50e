//! The harness's error type: one message a person can act on, with the validation-layer
//! messages that caused it when there are any.

use std::fmt;

use crate::vulkan::Message;

/// Why a step of the harness failed.
#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    /// A test spec or typed data string is malformed.
    Spec(String),
    /// A shader could not be compiled or translated to SPIR-V (a tool failed, or the Luma
    /// compiler reported errors).
    Compile(String),
    /// The Vulkan loader, driver or a Vulkan call failed.
    Vulkan(String),
    /// The validation layer reported errors; the run does not count whatever it computed.
    Validation(Vec<Message>),
    /// The SPIR-V given to the harness is malformed or declares something the harness cannot
    /// bind.
    Reflect(String),
    /// Reading or writing a file failed.
    Io(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Spec(m) => write!(f, "spec: {m}"),
            Error::Compile(m) => write!(f, "compile: {m}"),
            Error::Vulkan(m) => write!(f, "vulkan: {m}"),
            Error::Validation(messages) => {
                write!(f, "validation layer reported {} error(s)", messages.len())?;
                for m in messages {
                    write!(f, "\n  {m}")?;
                }
                Ok(())
            }
            Error::Reflect(m) => write!(f, "spir-v: {m}"),
            Error::Io(m) => write!(f, "io: {m}"),
        }
    }
}

impl std::error::Error for Error {}

/// The harness's result type.
pub type Result<T> = std::result::Result<T, Error>;
