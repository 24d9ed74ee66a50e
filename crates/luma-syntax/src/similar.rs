//! Name suggestions for "did you mean": [`luma_base::closest`], which also accepts two swapped
//! neighbouring letters (`flaot`, `esle`, `ned`) as one slip, and never offers a name for a
//! one-letter one unless only the case differs.

/// The candidate `name` was most likely meant to be, if there is exactly one: the unique
/// [`luma_base::closest`] match, else the unique candidate that is `name` with two neighbouring
/// letters swapped. A one-letter `name` only matches a candidate that differs in case (any
/// other one-letter name is as likely a different variable as a slip).
pub fn closest<'c>(name: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let candidates: Vec<&'c str> = candidates.into_iter().collect();
    if name.chars().count() <= 1 {
        return unique(
            candidates
                .iter()
                .copied()
                .filter(|c| *c != name && c.eq_ignore_ascii_case(name)),
        );
    }
    luma_base::closest(name, candidates.iter().copied())
        .or_else(|| unique(candidates.iter().copied().filter(|c| transposed(name, c))))
}

/// A name close to one of `words`, for a word that may be a misspelt keyword: as [`closest`],
/// but a name of fewer than four letters only matches by a swap of neighbouring letters
/// (`ned` for `end`; `foo` is not a misspelt `for`).
pub fn closest_keyword<'c>(name: &str, words: &[&'c str]) -> Option<&'c str> {
    if name.chars().count() < 4 {
        return unique(words.iter().copied().filter(|w| transposed(name, w)));
    }
    closest(name, words.iter().copied())
}

/// The only distinct item, if there is one.
fn unique<'c>(mut items: impl Iterator<Item = &'c str>) -> Option<&'c str> {
    let first = items.next()?;
    if items.any(|c| c != first) {
        None
    } else {
        Some(first)
    }
}

/// Whether `b` is `a` with exactly two neighbouring (different) characters swapped.
fn transposed(a: &str, b: &str) -> bool {
    if a.len() != b.len() || a == b {
        return false;
    }
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len() != b.len() {
        return false;
    }
    let Some(i) = a.iter().zip(&b).position(|(x, y)| x != y) else {
        return false;
    };
    let swapped = matches!(
        (a.get(i), a.get(i + 1), b.get(i), b.get(i + 1)),
        (Some(a0), Some(a1), Some(b0), Some(b1)) if a0 == b1 && a1 == b0
    );
    swapped && a.get(i + 2..) == b.get(i + 2..)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swapped_letters_are_one_slip() {
        assert_eq!(closest("flaot", ["float", "int"]), Some("float"));
        assert_eq!(closest("Ligth", ["Light", "vec3"]), Some("Light"));
        assert_eq!(closest("lenght", ["length"]), Some("length"));
        assert_eq!(closest_keyword("ned", &["end", "let"]), Some("end"));
        assert_eq!(closest_keyword("esle", &["else", "elseif"]), Some("else"));
        assert_eq!(closest_keyword("foo", &["for", "if"]), None);
        assert_eq!(closest_keyword("fucntion", &["function"]), Some("function"));
    }

    #[test]
    fn one_letter_names_only_match_by_case() {
        assert_eq!(closest("q", ["a", "b"]), None);
        assert_eq!(closest("n", ["N", "a"]), Some("N"));
        assert_eq!(closest("x", ["x"]), None);
    }

    #[test]
    fn only_one_swap_of_neighbours_and_no_ties() {
        assert_eq!(closest("ab", ["ba", "ba"]), Some("ba"));
        assert_eq!(closest("abc", ["bac", "acb"]), None);
        assert!(!transposed("abc", "abc"));
        assert!(!transposed("abcd", "badc"));
    }
}
