//! The runtime side of the emitted tables: a perfect-hash map and decode-array lookups.

use phf_shared::PhfHash;

/// A perfect-hash map from code point to pointer (or byte), emitted by `encode_map!`.
///
/// Built by phf_generator at compile time and looked up with phf_shared's hash, so that build
/// and run time cannot disagree on the hash. Keys and values are separate arrays so that
/// small values are not padded to the key's alignment.
pub(crate) struct PerfectMap<K: 'static, V: 'static> {
    pub(crate) hash_key: u64,
    pub(crate) disps: &'static [(u32, u32)],
    pub(crate) keys: &'static [K],
    pub(crate) values: &'static [V],
}

impl<K: PhfHash + Eq + Copy, V: Copy> PerfectMap<K, V> {
    /// The value for `key`, if the map has it.
    #[inline]
    pub(crate) fn get(&self, key: K) -> Option<V> {
        if self.keys.is_empty() {
            return None;
        }
        let hashes = phf_shared::hash(&key, &self.hash_key);
        let i = phf_shared::get_index(&hashes, self.disps, self.keys.len()) as usize;
        if self.keys[i] == key {
            Some(self.values[i])
        } else {
            None
        }
    }

    /// The number of entries.
    #[allow(dead_code)]
    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    /// Every (key, value) pair, in the map's internal order.
    #[allow(dead_code)]
    pub(crate) fn entries(&self) -> impl Iterator<Item = (K, V)> + '_ {
        self.keys.iter().copied().zip(self.values.iter().copied())
    }
}

impl<V: Copy> PerfectMap<u16, V> {
    /// Looks up a code point in a map whose keys are all in the BMP.
    #[inline]
    pub(crate) fn get_char(&self, c: char) -> Option<V> {
        let c = c as u32;
        if c > 0xFFFF {
            return None;
        }
        self.get(c as u16)
    }
}

impl<V: Copy> PerfectMap<u32, V> {
    /// Looks up a code point.
    #[inline]
    #[allow(dead_code)]
    pub(crate) fn get_char(&self, c: char) -> Option<V> {
        self.get(c as u32)
    }
}

/// The code point of `pointer` in a dense decode array (the standard's "index code point"),
/// where 0 marks a pointer with no code point.
#[inline]
pub(crate) fn code_point_u16(table: &[u16], pointer: usize) -> Option<char> {
    match table.get(pointer) {
        Some(&0) | None => None,
        Some(&v) => char::from_u32(v as u32),
    }
}

/// As [`code_point_u16`], for arrays with code points beyond the BMP.
#[inline]
#[allow(dead_code)]
pub(crate) fn code_point_u32(table: &[u32], pointer: usize) -> Option<char> {
    match table.get(pointer) {
        Some(&0) | None => None,
        Some(&v) => char::from_u32(v),
    }
}
