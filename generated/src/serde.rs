//! The `serde` feature, as encoding_rs has it: an [`Encoding`] serializes as its name, and a
//! `&'static Encoding` deserializes from any label of it (section 4.2), so that data written
//! by either crate reads back in the other.

use core::fmt;

use serde::de::{Error, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::encoding::Encoding;
use crate::labels::LabelError;

impl Serialize for Encoding {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name)
    }
}

/// Reads a label.
struct LabelVisitor;

impl Visitor<'_> for LabelVisitor {
    type Value = &'static Encoding;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a label of an encoding of the WHATWG Encoding Standard")
    }

    fn visit_str<E: Error>(self, label: &str) -> Result<&'static Encoding, E> {
        Encoding::lookup(label.as_bytes()).map_err(|e| match e {
            LabelError::Unknown => E::custom(format_args!("unknown encoding label {label:?}")),
            LabelError::NotCompiledIn { .. } => {
                E::custom(format_args!("encoding label {label:?}: {e}"))
            }
        })
    }

    fn visit_bytes<E: Error>(self, label: &[u8]) -> Result<&'static Encoding, E> {
        match core::str::from_utf8(label) {
            Ok(label) => self.visit_str(label),
            Err(_) => Err(E::invalid_value(serde::de::Unexpected::Bytes(label), &self)),
        }
    }
}

impl<'de> Deserialize<'de> for &'static Encoding {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(LabelVisitor)
    }
}
