//! Operator precedence for the C-like text targets, with WGSL's stricter grouping rules.
//!
//! WGSL refuses some groupings that C accepts (`a & b | c`, `a << b + c`, `a && b || c`); its
//! rules only ever ask for more parentheses than C's, and the groupings they ask for are exactly
//! the ones a careful author adds for the reader anyway. So every text back end uses the same
//! rules: the output parses the same everywhere and reads the same on every target.

/// How tightly an expression binds, from tightest to loosest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Prec {
    /// Names, literals, calls, constructors, member access, indexing, parenthesized expressions.
    Primary,
    /// Prefix `-`, `!`, `~`.
    Unary,
    /// `*`, `/`, `%`.
    Multiplicative,
    /// `+`, `-`.
    Additive,
    /// `<<`, `>>`.
    Shift,
    /// `<`, `<=`, `>`, `>=`, `==`, `!=`.
    Relational,
    /// Bitwise `&`.
    BitAnd,
    /// Bitwise `^`.
    BitXor,
    /// Bitwise `|`.
    BitOr,
    /// `&&`.
    LogicalAnd,
    /// `||`.
    LogicalOr,
    /// `c ? a : b` (not in WGSL).
    Conditional,
}

/// Which operand of a binary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The left operand.
    Left,
    /// The right operand.
    Right,
}

impl Prec {
    /// Whether an expression of precedence `self` can stand unparenthesized as the `side`
    /// operand of an operator of precedence `parent`.
    ///
    /// Binary operators are left-associative: the left operand may be the same operator again
    /// (`a + b + c`, `a & b & c`); the right operand may not. Shift and bitwise operands must
    /// be unary or primary, relational operands may not be relational, and `&&` / `||` take
    /// relational operands or, on the left, a chain of themselves.
    pub fn fits(self, parent: Prec, side: Side) -> bool {
        use Prec::*;
        if self == Primary {
            return true;
        }
        let same_on_left = self == parent && side == Side::Left;
        match parent {
            Primary | Unary => false,
            Multiplicative => self == Unary || same_on_left,
            Additive => matches!(self, Unary | Multiplicative) || same_on_left,
            Shift => self == Unary,
            Relational => matches!(self, Unary | Multiplicative | Additive | Shift),
            BitAnd | BitXor | BitOr => self == Unary || same_on_left,
            LogicalAnd | LogicalOr => {
                matches!(self, Unary | Multiplicative | Additive | Shift | Relational)
                    || same_on_left
            }
            Conditional => self != Conditional,
        }
    }
}

/// `text` (of precedence `prec`) ready to stand as the `side` operand of `parent`, parenthesized
/// when it has to be.
pub fn operand(text: &str, prec: Prec, parent: Prec, side: Side) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    push_operand(&mut out, text, prec, parent, side);
    out
}

/// [`operand`], appended to `out` (so a whole operator expression is built in one string).
fn push_operand(out: &mut String, text: &str, prec: Prec, parent: Prec, side: Side) {
    if prec.fits(parent, side) {
        out.push_str(text);
    } else {
        out.push('(');
        out.push_str(text);
        out.push(')');
    }
}

/// Prefix operator `op` (`-`, `!`, `~`, `&`, a cast) applied to `text` of precedence `prec`; the
/// result has precedence [`Prec::Unary`].
///
/// The operand is parenthesized when it is itself a prefix expression or its text starts with
/// `-` (a negative literal): `-(-x)` written `--x` is C's decrement (found by luma-difftest),
/// and WGSL reads `--` as one token too.
pub fn prefix(op: &str, text: &str, prec: Prec) -> String {
    if text.starts_with('-') {
        format!("{op}({text})")
    } else {
        let mut out = String::with_capacity(op.len() + text.len() + 2);
        out.push_str(op);
        push_operand(&mut out, text, prec, Prec::Unary, Side::Right);
        out
    }
}

/// `left op right` for a binary operator `op` of precedence `parent`, each operand given as its
/// text and precedence and parenthesized when it has to be. The result has precedence `parent`.
pub fn infix(op: &str, parent: Prec, left: (&str, Prec), right: (&str, Prec)) -> String {
    // One allocation: this runs for every operator of every text output.
    let mut out = String::with_capacity(left.0.len() + right.0.len() + op.len() + 6);
    push_operand(&mut out, left.0, left.1, parent, Side::Left);
    out.push(' ');
    out.push_str(op);
    out.push(' ');
    push_operand(&mut out, right.0, right.1, parent, Side::Right);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_like_wgsl() {
        use Prec::*;
        // a * b + c, but a + (b * c) needs nothing and a - (b - c) needs parentheses.
        assert!(Multiplicative.fits(Additive, Side::Left));
        assert!(Multiplicative.fits(Additive, Side::Right));
        assert!(Additive.fits(Additive, Side::Left));
        assert!(!Additive.fits(Additive, Side::Right));
        // (a + b) << c and a & (b | c) need parentheses.
        assert!(!Additive.fits(Shift, Side::Left));
        assert!(!BitOr.fits(BitAnd, Side::Right));
        assert!(BitAnd.fits(BitAnd, Side::Left));
        // a < b && c < d, but (a && b) || c.
        assert!(Relational.fits(LogicalAnd, Side::Right));
        assert!(!LogicalAnd.fits(LogicalOr, Side::Left));
        // -(-a) and (a + b).x
        assert!(!Unary.fits(Unary, Side::Right));
        assert!(!Additive.fits(Primary, Side::Left));
        assert_eq!(
            operand("a + b", Additive, Multiplicative, Side::Left),
            "(a + b)"
        );
        assert_eq!(
            operand("a * b", Multiplicative, Additive, Side::Right),
            "a * b"
        );
    }

    #[test]
    fn prefix_operands() {
        use Prec::*;
        assert_eq!(prefix("-", "x", Primary), "-x");
        assert_eq!(prefix("-", "a.x", Primary), "-a.x");
        // -(-x), never the decrement --x; !(~x); -(a + b).
        assert_eq!(prefix("-", "-x", Unary), "-(-x)");
        assert_eq!(prefix("!", "~x", Unary), "!(~x)");
        assert_eq!(prefix("-", "a + b", Additive), "-(a + b)");
        // A text starting with `-` is parenthesized whatever its precedence says.
        assert_eq!(prefix("-", "-1.0", Primary), "-(-1.0)");
        assert_eq!(prefix("(float4)", "-x", Unary), "(float4)(-x)");
    }

    #[test]
    fn infix_operands() {
        use Prec::*;
        let (a, b) = (("a", Primary), ("b", Primary));
        let sum = ("a + b", Additive);
        let and = ("a & b", BitAnd);
        let eq = ("a == b", Relational);
        let cond = ("c ? a : b", Conditional);
        assert_eq!(infix("+", Additive, a, b), "a + b");
        assert_eq!(infix("+", Additive, sum, b), "a + b + b");
        // a - (b - c), (a + b) << c, (a & b) | c, (a == b) == c, (c ? a : b) * b.
        assert_eq!(infix("-", Additive, a, sum), "a - (a + b)");
        assert_eq!(infix("<<", Shift, sum, b), "(a + b) << b");
        assert_eq!(infix("|", BitOr, and, b), "(a & b) | b");
        assert_eq!(infix("==", Relational, eq, b), "(a == b) == b");
        assert_eq!(infix("*", Multiplicative, cond, b), "(c ? a : b) * b");
    }
}
