//! Vector shuffles written as swizzles, for the text back ends: component letters, and the runs
//! of components a shuffle of two vectors takes from each (a constructor of swizzles).

/// The swizzle letter of component `index` (`x` to `w`).
pub fn component(index: u32) -> &'static str {
    match index {
        0 => "x",
        1 => "y",
        2 => "z",
        _ => "w",
    }
}

/// Consecutive components of a two-source shuffle taken from the same source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShuffleRun {
    /// Whether the components come from the first source (else the second).
    pub from_first: bool,
    /// The swizzle selecting them from that source (`"yx"`), or `None` when the run is the
    /// whole source in order, which is then written bare (`v`, not `v.xy` of a `vec2`).
    pub swizzle: Option<String>,
}

/// The runs of `pattern` (indices into the first source, `first_len` components, followed by
/// the second, `second_len` components), in order.
pub fn shuffle_runs(pattern: &[u32], first_len: u32, second_len: u32) -> Vec<ShuffleRun> {
    let mut runs: Vec<(bool, Vec<u32>)> = Vec::new();
    for &i in pattern {
        let (from_first, c) = if i < first_len {
            (true, i)
        } else {
            (false, i - first_len)
        };
        match runs.last_mut() {
            Some((last, components)) if *last == from_first => components.push(c),
            _ => runs.push((from_first, vec![c])),
        }
    }
    runs.into_iter()
        .map(|(from_first, components)| {
            let len = if from_first { first_len } else { second_len };
            let whole = components.len() as u32 == len
                && components.iter().enumerate().all(|(k, &c)| c == k as u32);
            ShuffleRun {
                from_first,
                swizzle: (!whole).then(|| components.iter().map(|&c| component(c)).collect()),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_source_in_order_needs_no_swizzle() {
        // vec4(b, a.zw) where b is a vec2: the pattern of `v.xy = b` on a vec4 `v`.
        let runs = shuffle_runs(&[4, 5, 2, 3], 4, 2);
        assert_eq!(
            runs,
            vec![
                ShuffleRun {
                    from_first: false,
                    swizzle: None
                },
                ShuffleRun {
                    from_first: true,
                    swizzle: Some("zw".to_owned())
                },
            ]
        );
    }

    #[test]
    fn reordered_or_partial_runs_keep_their_swizzle() {
        let runs = shuffle_runs(&[5, 4, 0], 3, 3);
        assert_eq!(runs[0].swizzle.as_deref(), Some("zy"));
        assert_eq!(runs[1].swizzle.as_deref(), Some("x"));
        let runs = shuffle_runs(&[0, 1, 3], 3, 2);
        assert_eq!(runs[0].swizzle.as_deref(), Some("xy"));
        assert_eq!(runs[1].swizzle.as_deref(), Some("x"));
    }
}
