//! Encoding of single SPIR-V instructions: opcode and word count, operands, literal strings.

use spirv::Op;

use crate::{codes, Error};

/// A SPIR-V word: an id, a literal or an enumerant.
pub(crate) type Word = u32;

/// The most words one instruction may have (the word count is a 16-bit field).
const MAX_WORDS: usize = 0xFFFF;

/// Words of an instruction kept inline; most instructions (a result type, a result id and up
/// to five operands) fit, so building one needs no heap allocation.
const INLINE_WORDS: usize = 8;

/// One instruction under construction: the first [`INLINE_WORDS`] words inline, the rest (long
/// composites, strings, entry-point interfaces) in `spill`.
#[derive(Debug, Clone)]
pub(crate) struct Inst {
    inline: [Word; INLINE_WORDS],
    /// Words written so far, inline and spilled.
    len: usize,
    spill: Vec<Word>,
}

impl Inst {
    /// Starts an instruction; the first word is filled in by [`Inst::push_into`].
    pub(crate) fn new(op: Op) -> Inst {
        let mut inline = [0; INLINE_WORDS];
        inline[0] = op as u32;
        Inst {
            inline,
            len: 1,
            spill: Vec::new(),
        }
    }

    fn push(&mut self, word: Word) {
        match self.inline.get_mut(self.len) {
            Some(slot) => *slot = word,
            None => self.spill.push(word),
        }
        self.len += 1;
    }

    /// Appends one operand word.
    pub(crate) fn word(mut self, word: Word) -> Inst {
        self.push(word);
        self
    }

    /// Appends operand words.
    pub(crate) fn words(mut self, words: &[Word]) -> Inst {
        for &word in words {
            self.push(word);
        }
        self
    }

    /// Appends a literal string: UTF-8, NUL-terminated, padded with NULs to a word boundary.
    /// NULs inside `s` would end the string early, so they are dropped.
    pub(crate) fn string(mut self, s: &str) -> Inst {
        let mut word = [0u8; 4];
        let mut filled = 0;
        for byte in s.bytes().filter(|b| *b != 0) {
            if let Some(slot) = word.get_mut(filled) {
                *slot = byte;
            }
            filled += 1;
            if filled == 4 {
                self.push(u32::from_le_bytes(word));
                word = [0; 4];
                filled = 0;
            }
        }
        // The terminating NUL: a whole zero word when the length is a multiple of four, else
        // it is already part of the padding of the last word.
        self.push(u32::from_le_bytes(word));
        self
    }

    /// Writes the instruction to `out`, failing if it exceeds the 65535-word limit.
    pub(crate) fn push_into(self, out: &mut Vec<Word>) -> Result<(), Error> {
        let count = self.len;
        if count > MAX_WORDS {
            let opcode = self.inline[0] & 0xffff;
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
        let mut inline = self.inline;
        // `count` fits in 16 bits: checked above.
        inline[0] |= (count as u32) << 16;
        out.reserve(count);
        out.extend_from_slice(inline.get(..count.min(INLINE_WORDS)).unwrap_or(&[]));
        out.extend_from_slice(&self.spill);
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
