//! Encoding of single SPIR-V instructions: opcode and word count, operands, literal strings.

use spirv::Op;

use crate::{codes, Error};

/// A SPIR-V word: an id, a literal or an enumerant.
pub(crate) type Word = u32;

/// The most words one instruction may have (the word count is a 16-bit field).
const MAX_WORDS: usize = 0xFFFF;

/// One instruction under construction.
#[derive(Debug, Clone)]
pub(crate) struct Inst {
    words: Vec<Word>,
}

impl Inst {
    /// Starts an instruction; the first word is filled in by [`Inst::push_into`].
    pub(crate) fn new(op: Op) -> Inst {
        let mut words = Vec::with_capacity(4);
        words.push(op as u32);
        Inst { words }
    }

    /// Appends one operand word.
    pub(crate) fn word(mut self, word: Word) -> Inst {
        self.words.push(word);
        self
    }

    /// Appends operand words.
    pub(crate) fn words(mut self, words: &[Word]) -> Inst {
        self.words.extend_from_slice(words);
        self
    }

    /// Appends a literal string: UTF-8, NUL-terminated, padded with NULs to a word boundary.
    /// NULs inside `s` would end the string early, so they are dropped.
    pub(crate) fn string(mut self, s: &str) -> Inst {
        let bytes: Vec<u8> = s.bytes().filter(|b| *b != 0).collect();
        for chunk in bytes.chunks(4) {
            let mut word = [0u8; 4];
            for (slot, byte) in word.iter_mut().zip(chunk) {
                *slot = *byte;
            }
            self.words.push(u32::from_le_bytes(word));
        }
        // The terminating NUL: a whole zero word when the length is a multiple of four, else
        // it is already part of the padding of the last word.
        if bytes.len().is_multiple_of(4) {
            self.words.push(0);
        }
        self
    }

    /// Writes the instruction to `out`, failing if it exceeds the 65535-word limit.
    pub(crate) fn push_into(self, out: &mut Vec<Word>) -> Result<(), Error> {
        let count = self.words.len();
        if count > MAX_WORDS {
            let opcode = self.words.first().map_or(0, |w| w & 0xffff);
            let what = match opcode {
                o if o == Op::TypeStruct as u32 => {
                    "a struct type has too many members; split it into nested structs"
                }
                o if o == Op::ConstantComposite as u32
                    || o == Op::SpecConstantComposite as u32
                    || o == Op::CompositeConstruct as u32 =>
                {
                    "an array or struct value has too many elements; fill a large table from \
                     a buffer instead"
                }
                o if o == Op::TypeFunction as u32 || o == Op::FunctionCall as u32 => {
                    "a function has too many parameters"
                }
                o if o == Op::EntryPoint as u32 => "an entry point uses too many globals",
                _ => "shorten the names or the source text",
            };
            return Err(Error::new(
                codes::INSTRUCTION_TOO_LONG,
                format!(
                    "a SPIR-V instruction would need {count} words, more than the limit of \
                     {MAX_WORDS}: {what}"
                ),
            ));
        }
        let mut words = self.words;
        if let Some(first) = words.first_mut() {
            // `count` fits in 16 bits: checked above.
            *first |= (count as u32) << 16;
        }
        out.extend_from_slice(&words);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_strings_with_terminator_and_padding() {
        let mut out = Vec::new();
        Inst::new(Op::Name)
            .word(7)
            .string("main")
            .push_into(&mut out)
            .unwrap();
        // "main" is four bytes, so a whole zero word terminates it.
        assert_eq!(out, vec![(4 << 16) | 5, 7, u32::from_le_bytes(*b"main"), 0]);
        let mut out = Vec::new();
        Inst::new(Op::Name)
            .word(7)
            .string("uv")
            .push_into(&mut out)
            .unwrap();
        assert_eq!(
            out,
            vec![(3 << 16) | 5, 7, u32::from_le_bytes([b'u', b'v', 0, 0])]
        );
    }

    #[test]
    fn rejects_overlong_instructions() {
        let long = "x".repeat(MAX_WORDS * 4);
        let err = Inst::new(Op::Name)
            .word(1)
            .string(&long)
            .push_into(&mut Vec::new());
        assert_eq!(err.unwrap_err().code, codes::INSTRUCTION_TOO_LONG);
    }
}
