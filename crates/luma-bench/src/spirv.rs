//! Counting SPIR-V instructions, the size figure the report compares: all instructions, those
//! that are not debug information (names, lines, sources: glslang emits them, Luma does not
//! without `--debug`), and those inside function bodies.

/// Instruction counts of one SPIR-V module.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Every instruction.
    pub total: u64,
    /// Every instruction except debug information.
    pub non_debug: u64,
    /// Instructions from `OpFunction` to `OpFunctionEnd`, both included, except debug
    /// information.
    pub in_functions: u64,
}

impl Counts {
    /// The sum of two counts (modules compiled separately, one per entry point).
    pub fn plus(self, other: Counts) -> Counts {
        Counts {
            total: self.total + other.total,
            non_debug: self.non_debug + other.non_debug,
            in_functions: self.in_functions + other.in_functions,
        }
    }
}

const MAGIC: u32 = 0x0723_0203;
const OP_FUNCTION: u32 = 54;
const OP_FUNCTION_END: u32 = 56;

/// Debug opcodes: OpSourceContinued, OpSource, OpSourceExtension, OpName, OpMemberName,
/// OpString, OpLine, OpNoLine, OpModuleProcessed.
fn is_debug(opcode: u32) -> bool {
    matches!(opcode, 2..=8 | 317 | 330)
}

/// Counts the instructions of a SPIR-V binary (little-endian words, as every tool writes
/// them), or says why it is not one.
pub fn count(bytes: &[u8]) -> Result<Counts, String> {
    if !bytes.len().is_multiple_of(4) {
        return Err(format!(
            "{} bytes is not a whole number of words",
            bytes.len()
        ));
    }
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap_or([0; 4])))
        .collect();
    if words.first() != Some(&MAGIC) {
        return Err("not a SPIR-V module (bad magic number)".to_string());
    }
    let mut counts = Counts::default();
    let mut at = 5;
    let mut in_function = false;
    while at < words.len() {
        let first = words.get(at).copied().unwrap_or(0);
        let len = (first >> 16) as usize;
        let opcode = first & 0xffff;
        if len == 0 || at + len > words.len() {
            return Err(format!("malformed instruction at word {at}"));
        }
        counts.total += 1;
        if !is_debug(opcode) {
            counts.non_debug += 1;
            if opcode == OP_FUNCTION {
                in_function = true;
            }
            if in_function {
                counts.in_functions += 1;
            }
            if opcode == OP_FUNCTION_END {
                in_function = false;
            }
        }
        at += len;
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(instrs: &[&[u32]]) -> Vec<u8> {
        let mut words = vec![MAGIC, 0x0001_0300, 0, 10, 0];
        for i in instrs {
            words.extend_from_slice(i);
        }
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    #[test]
    fn counts_kinds() {
        let bytes = module(&[
            &[(2 << 16) | 17, 1],   // OpCapability Shader
            &[(3 << 16) | 5, 4, 0], // OpName (debug)
            &[(5 << 16) | OP_FUNCTION, 1, 2, 0, 3],
            &[(2 << 16) | 248, 5],     // OpLabel
            &[(4 << 16) | 8, 1, 2, 3], // OpLine (debug)
            &[(1 << 16) | 253],        // OpReturn
            &[(1 << 16) | OP_FUNCTION_END],
        ]);
        let c = count(&bytes).unwrap();
        assert_eq!(
            c,
            Counts {
                total: 7,
                non_debug: 5,
                in_functions: 4
            }
        );
        assert_eq!(c.plus(c).total, 14);
    }

    #[test]
    fn rejects_garbage() {
        assert!(count(&[1, 2, 3]).is_err());
        assert!(count(&[0; 20]).is_err());
        let mut bad = module(&[]);
        bad.extend_from_slice(&(9u32 << 16 | 17).to_le_bytes());
        assert!(count(&bad).is_err());
    }
}
