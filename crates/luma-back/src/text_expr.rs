//! An emitted expression of the HLSL and MSL writers: its text and precedence, and for wrapped
//! signed arithmetic the same value as a `uint` expression.

use crate::prec::{self, Prec, Side};

/// An expression with its precedence.
#[derive(Debug, Clone)]
pub struct Expr {
    /// The target text.
    pub text: String,
    /// How tightly it binds, for parenthesizing it as an operand.
    pub prec: Prec,
    /// For wrapped signed arithmetic: the same value as a `uint` expression, so a chain of
    /// operations stays in `uint` instead of converting back and forth.
    pub bits: Option<(String, Prec)>,
}

impl Expr {
    /// `text` of precedence `prec`.
    pub fn new(text: impl Into<String>, prec: Prec) -> Expr {
        Expr {
            text: text.into(),
            prec,
            bits: None,
        }
    }

    /// A name, literal, call or other primary expression.
    pub fn atom(text: impl Into<String>) -> Expr {
        Expr::new(text, Prec::Primary)
    }

    /// The text, ready to stand as the `side` operand of an operator of precedence `parent`.
    pub fn at(&self, parent: Prec, side: Side) -> String {
        prec::operand(&self.text, self.prec, parent, side)
    }

    /// Prefix operator `op` (`-`, `!`, `~`, a cast) applied to this expression.
    pub fn prefix(&self, op: &str) -> Expr {
        Expr::new(prec::prefix(op, &self.text, self.prec), Prec::Unary)
    }
}

/// `l op r` for binary operator `op` of precedence `parent`.
pub fn infix(op: &str, parent: Prec, l: &Expr, r: &Expr) -> Expr {
    Expr::new(
        prec::infix(op, parent, (&l.text, l.prec), (&r.text, r.prec)),
        parent,
    )
}
