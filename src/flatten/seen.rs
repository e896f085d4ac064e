//! Which own leaves of a struct built in place have been read: one bit per leaf.
//!
//! A struct with a container `#[serde(default)]` is deserialized straight into its default
//! (the state holds the value itself, not an `Option` per leaf); these bits are what is left of
//! the `Option`s: they catch duplicate keys and tell which leaves with a `default` of their own
//! were absent.

/// One bit per own leaf, `WORDS` 64-bit words (the derive sizes it from the leaf count).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct SeenLeaves<const WORDS: usize>([u64; WORDS]);

impl<const WORDS: usize> SeenLeaves<WORDS> {
    /// No leaf seen.
    #[inline]
    pub const fn new() -> Self {
        SeenLeaves([0; WORDS])
    }

    /// Marks `leaf` seen; false if it already was (a duplicate key).
    #[inline]
    pub fn insert(&mut self, leaf: usize) -> bool {
        let word = &mut self.0[leaf / 64];
        let bit = 1u64 << (leaf % 64);
        let fresh = *word & bit == 0;
        *word |= bit;
        fresh
    }

    /// Whether `leaf` was seen.
    #[inline]
    pub fn contains(&self, leaf: usize) -> bool {
        self.0[leaf / 64] & (1u64 << (leaf % 64)) != 0
    }

    /// Whether no leaf was seen.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|word| *word == 0)
    }
}

impl<const WORDS: usize> Default for SeenLeaves<WORDS> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::SeenLeaves;

    #[test]
    fn insert_reports_duplicates_across_words() {
        let mut seen = SeenLeaves::<2>::new();
        assert!(seen.is_empty());
        for leaf in [0, 63, 64, 127] {
            assert!(!seen.contains(leaf));
            assert!(seen.insert(leaf));
            assert!(seen.contains(leaf));
            assert!(!seen.insert(leaf), "leaf {leaf} a second time");
        }
        assert!(!seen.is_empty());
        assert!(!seen.contains(1) && !seen.contains(65));
    }
}
