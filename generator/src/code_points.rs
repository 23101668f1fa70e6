//! Sets and maps keyed by code point, stored as arrays indexed by code point.
//!
//! The proc macros run this library unoptimised in every user's build, where a `BTreeMap`
//! lookup or insertion costs about a thousand instructions and an array access a few dozen.
//! Where the generator asks the same question of tens of thousands of code points (deriving
//! the encoder tables, the layout rules), it asks it of these, and builds the `BTreeMap`s it
//! hands on in one pass, in order.

use std::collections::BTreeMap;

/// A set of code points: a flag per code point, up to the largest inserted.
#[derive(Debug, Clone, Default)]
pub struct CodePointSet {
    flags: Vec<bool>,
}

impl CodePointSet {
    /// The empty set.
    pub fn new() -> CodePointSet {
        CodePointSet::default()
    }

    /// Adds `c`.
    pub fn insert(&mut self, c: char) {
        let i = c as usize;
        if i >= self.flags.len() {
            self.flags = grown(&self.flags, i + 1);
        }
        self.flags[i] = true;
    }

    /// Whether `c` was inserted.
    pub fn contains(&self, c: char) -> bool {
        self.flags.get(c as usize).copied().unwrap_or(false)
    }
}

/// `slots` copied into a zeroed array of at least `len` (and twice the old length): one
/// zeroed allocation, where `Vec::resize` would write every new slot in turn.
fn grown<T: Copy + Default>(slots: &[T], len: usize) -> Vec<T> {
    let mut out = vec![T::default(); len.max(2 * slots.len())];
    out[..slots.len()].copy_from_slice(slots);
    out
}

impl FromIterator<char> for CodePointSet {
    fn from_iter<I: IntoIterator<Item = char>>(iter: I) -> CodePointSet {
        let mut set = CodePointSet::new();
        for c in iter {
            set.insert(c);
        }
        set
    }
}

/// A map from code points to u16 values (pointers, or bytes).
#[derive(Debug, Clone, Default)]
pub struct CodePointMap {
    /// The value of each code point plus one; 0 for none.
    slots: Vec<u32>,
    /// One past the largest code point with a value.
    end: usize,
    len: usize,
}

impl PartialEq for CodePointMap {
    fn eq(&self, other: &CodePointMap) -> bool {
        self.entries() == other.entries()
    }
}

impl Eq for CodePointMap {}

impl CodePointMap {
    /// The empty map.
    pub fn new() -> CodePointMap {
        CodePointMap::default()
    }

    fn slot(&mut self, c: char) -> &mut u32 {
        let i = c as usize;
        if i >= self.slots.len() {
            self.slots = grown(&self.slots, i + 1);
        }
        self.end = self.end.max(i + 1);
        &mut self.slots[i]
    }

    /// Sets the value of `c`, replacing any it had.
    pub fn insert(&mut self, c: char, value: u16) {
        let slot = self.slot(c);
        let new = *slot == 0;
        *slot = u32::from(value) + 1;
        self.len += usize::from(new);
    }

    /// Sets the value of `c` if it has none; whether it had none.
    pub fn insert_first(&mut self, c: char, value: u16) -> bool {
        let slot = self.slot(c);
        if *slot != 0 {
            return false;
        }
        *slot = u32::from(value) + 1;
        self.len += 1;
        true
    }

    /// The value of `c`.
    pub fn get(&self, c: char) -> Option<u16> {
        match self.slots.get(c as usize) {
            Some(&v) if v != 0 => Some((v - 1) as u16),
            _ => None,
        }
    }

    /// The number of code points with a value.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no code point has a value.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every (code point, value), in code point order.
    pub fn entries(&self) -> Vec<(char, u16)> {
        let mut out = Vec::with_capacity(self.len);
        // A loop over a slice by index: the cheapest walk of the slots when unoptimised.
        let slots = &self.slots[..self.end];
        let mut i = 0;
        while i < slots.len() {
            if slots[i] != 0 {
                if let Some(c) = char::from_u32(i as u32) {
                    out.push((c, (slots[i] - 1) as u16));
                }
            }
            i += 1;
        }
        out
    }

    /// The same entries as a `BTreeMap`, built in one pass from the sorted entries.
    pub fn to_btree_map(&self) -> BTreeMap<char, u16> {
        btree_map(self.entries())
    }
}

/// The `BTreeMap` of `entries`, in one pass if they are sorted (as every caller's are).
///
/// The generator's maps of code points are all built here, through the one instance of
/// `BTreeMap::from_iter` (each iterator type collected into a `BTreeMap` compiles a sort of
/// its own, a few thousand lines of LLVM IR in every user's build of the proc macros).
pub fn btree_map(entries: Vec<(char, u16)>) -> BTreeMap<char, u16> {
    entries.into_iter().collect()
}

impl From<&BTreeMap<char, u16>> for CodePointMap {
    fn from(map: &BTreeMap<char, u16>) -> CodePointMap {
        let mut out = CodePointMap::new();
        if let Some((&last, _)) = map.last_key_value() {
            out.slots = vec![0; last as usize + 1];
        }
        for (&c, &v) in map {
            out.insert(c, v);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_and_sets_by_code_point() {
        let mut m = CodePointMap::new();
        assert!(m.is_empty());
        assert!(m.insert_first('b', 7));
        assert!(!m.insert_first('b', 8));
        m.insert('\u{20000}', 0);
        m.insert('a', u16::MAX);
        m.insert('a', 3);
        assert_eq!(m.len(), 3);
        assert_eq!(m.get('a'), Some(3));
        assert_eq!(m.get('b'), Some(7));
        assert_eq!(m.get('c'), None);
        assert_eq!(m.get('\u{10FFFF}'), None);
        assert_eq!(m.get('\u{20000}'), Some(0));
        let btree = m.to_btree_map();
        assert_eq!(
            btree.iter().map(|(&c, &v)| (c, v)).collect::<Vec<_>>(),
            m.entries()
        );
        assert_eq!(m.entries(), [('a', 3), ('b', 7), ('\u{20000}', 0)]);
        assert_eq!(CodePointMap::from(&btree), m);

        let s: CodePointSet = ['x', '\u{E000}'].into_iter().collect();
        assert!(s.contains('x') && s.contains('\u{E000}'));
        assert!(!s.contains('y') && !s.contains('\u{10FFFF}'));
    }
}
