//! The encode maps: a value-only perfect-hash map from code point to pointer (or byte).

/// A perfect-hash map from code point to pointer (or byte), emitted by `encode_map!`, that
/// stores values but no keys.
///
/// Built by phf_generator's PtrHash at compile time under [`code_point_hash::hash`], and looked
/// up here with the same hash and phf_shared's PtrHash reduction and pilot functions, so that
/// build and run time cannot disagree. A code point hashes to one slot; the slot's value is the
/// code point's if the map has it, and otherwise belongs to another code point. The caller
/// tells the two apart with the index's decode array: every value of the map decodes back to
/// its own code point (the generator checks this), so a value is the code point's exactly when
/// it decodes to the code point.
pub(crate) struct PerfectMap<V: 'static> {
    pub(crate) seed: u64,
    /// One pilot per bucket of keys.
    pub(crate) pilots: &'static [u8],
    /// The slots of hash positions past the last value.
    pub(crate) remap: &'static [u16],
    /// The values in slot order.
    pub(crate) values: &'static [V],
}

impl<V: Copy> PerfectMap<V> {
    /// The value in `code_point`'s slot, if `accept` takes it: `accept` must hold of a value
    /// exactly when it is `code_point`'s (see the type's documentation).
    #[inline]
    pub(crate) fn get_if(&self, code_point: char, accept: impl FnOnce(V) -> bool) -> Option<V> {
        use phf_shared::ptrhash::{fast_reduct32, hash_pilot};
        // phf_shared::ptrhash::get_index, with a u16 remap and bounds-checked reads (an
        // empty map has no pilot and answers None).
        let h = code_point_hash::hash(code_point as u32, self.seed);
        let bucket = fast_reduct32(h as u32, self.pilots.len() as u32);
        let pilot_hash = hash_pilot(self.seed, *self.pilots.get(bucket as usize)?);
        let slots = (self.values.len() + self.remap.len()) as u32;
        let position = fast_reduct32(
            (h >> 32) as u32 ^ (pilot_hash >> 32) as u32 ^ pilot_hash as u32,
            slots,
        ) as usize;
        let slot = match position.checked_sub(self.values.len()) {
            None => position,
            Some(i) => *self.remap.get(i)? as usize,
        };
        let value = *self.values.get(slot)?;
        accept(value).then_some(value)
    }

    /// The number of entries.
    #[allow(dead_code)]
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }
}

impl PerfectMap<u8> {
    /// The byte of `c`, for a single-byte map, whose values are bytes 0x80 to 0xFF and
    /// `decode` the code points of those bytes.
    #[inline]
    pub(crate) fn byte(&self, c: char, decode: &[u16; 128]) -> Option<u8> {
        let c16 = u16::try_from(c as u32).ok()?;
        self.get_if(c, |b| {
            decode.get(b.wrapping_sub(0x80) as usize) == Some(&c16)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_map_answers_none() {
        let m: PerfectMap<u16> = PerfectMap {
            seed: 0,
            pilots: &[],
            remap: &[],
            values: &[],
        };
        assert_eq!(m.get_if('a', |_| true), None);
    }
}
