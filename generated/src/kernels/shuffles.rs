//! The byte shuffles of the UTF-8 packing and of UTF-8 to UTF-16, one for every key of
//! eight bits. With `std`, built at first use, so that the program's file does not hold
//! them; without, a static.

pub(crate) type Table = [[u8; 16]; 256];

#[derive(Debug)]
pub(crate) struct Shuffles {
    /// For each key of which of eight units take two bytes (bit `i` for unit `i`), the
    /// shuffle that gathers the UTF-8 from the units' 16-bit lanes: each unit's low byte,
    /// then its high byte if it takes two; bytes past the length are zero.
    pub(crate) two_bytes: Table,
    /// For each key of four units, bit `i` set if unit `i` takes more than one byte and bit
    /// `4 + i` if it takes three, the shuffle that gathers the UTF-8 from the units' 32-bit
    /// lanes: each unit's first byte, then its second and third as it takes them; bytes past
    /// the length are zero.
    pub(crate) three_bytes: Table,
    /// For each key of which of eight bytes of UTF-8 do not start a character (bit `i` for
    /// byte `i`), the shuffle that puts each character's first byte in the low byte of a
    /// 16-bit lane, in order, and the byte after it in the high byte if that one does not
    /// start a character; lanes past the characters are zero.
    pub(crate) utf16_of_utf8: Table,
}

/// The shuffle tables, where `I` shuffles (`Isa::SHUFFLE`).
#[inline(always)]
pub(crate) fn for_isa<I: crate::kernels::isa::Isa>() -> Option<&'static Shuffles> {
    #[cfg(kernels_ssse3)]
    if I::SHUFFLE {
        return Some(shuffles());
    }
    None
}

/// The shuffle tables, built at the first call with `std`.
#[cfg(kernels_ssse3)]
#[inline(always)]
pub(crate) fn shuffles() -> &'static Shuffles {
    #[cfg(feature = "std")]
    {
        // On the heap: a static `OnceLock` of the tables would be in the program's file.
        static SHUFFLES: std::sync::OnceLock<std::boxed::Box<Shuffles>> =
            std::sync::OnceLock::new();
        SHUFFLES.get_or_init(|| std::boxed::Box::new(build()))
    }
    #[cfg(not(feature = "std"))]
    {
        static SHUFFLES: Shuffles = build();
        &SHUFFLES
    }
}

#[cfg(kernels_ssse3)]
const fn build() -> Shuffles {
    Shuffles {
        two_bytes: keeping(8, 1),
        three_bytes: keeping(4, 2),
        utf16_of_utf8: gathering(),
    }
}

/// The shuffles for `units` units in lanes of `16 / units` bytes, each unit's first byte
/// kept and its byte `1 + e` (for `e` below `extra`) where the key's bit `e * units + i` is
/// set.
#[cfg(kernels_ssse3)]
const fn keeping(units: usize, extra: usize) -> Table {
    let mut table = [[0x80u8; 16]; 256];
    let mut key = 0;
    while key < 256 {
        let mut at = 0;
        let mut unit = 0;
        while unit < units {
            let lane = unit * (16 / units);
            table[key][at] = lane as u8;
            at += 1;
            let mut e = 0;
            while e < extra {
                if key >> (e * units + unit) & 1 == 1 {
                    table[key][at] = (lane + 1 + e) as u8;
                    at += 1;
                }
                e += 1;
            }
            unit += 1;
        }
        key += 1;
    }
    table
}

/// The shuffles of [`Shuffles::utf16_of_utf8`].
#[cfg(kernels_ssse3)]
const fn gathering() -> Table {
    let mut table = [[0x80u8; 16]; 256];
    let mut key = 0;
    while key < 256 {
        let mut lane = 0;
        let mut byte = 0;
        while byte < 8 {
            if key >> byte & 1 == 0 {
                table[key][2 * lane] = byte as u8;
                if byte < 7 && key >> (byte + 1) & 1 == 1 {
                    table[key][2 * lane + 1] = byte as u8 + 1;
                }
                lane += 1;
            }
            byte += 1;
        }
        key += 1;
    }
    table
}
