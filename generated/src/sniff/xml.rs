//! HTML Standard, section 13.2.3.2, "get an XML encoding" (the prescan's fallback), and the
//! sniffing of XML documents built on it: a byte order mark, the transport layer's charset,
//! the XML declaration in the first 1024 bytes, else UTF-8.

use core::ops::ControlFlow;

use super::bom::byte_order_mark_rule;
use super::bytes::{get_an_encoding, utf_16_to_utf_8};
use super::options::SniffOptions;
use super::prescan_length::PRESCAN_LENGTH;
use super::result::{Rule, Sniffed};
use crate::encoding::Encoding;
use crate::kernels::scan::find;

/// What *get an XML encoding* says of the bytes so far.
pub(super) enum XmlEncoding {
    /// It returns this encoding.
    Found(&'static Encoding),
    /// It returns failure, whatever bytes follow.
    Failure,
    /// It ran past the end of the bytes: more bytes could change the answer; at the end of
    /// the stream this is failure.
    RanOut,
}

/// HTML Standard, 13.2.3.2, "get an XML encoding" of `bytes`: the encoding that an XML
/// declaration at their start names (UTF-16BE/LE becoming UTF-8), or None for failure. A
/// label that names no encoding this build has is failure too.
///
/// ```
/// # #[cfg(all(feature = "euc-jp", feature = "utf-16le"))]
/// # fn main() {
/// use whatwg_encoding::sniff::get_an_xml_encoding;
/// use whatwg_encoding::{EUC_JP, UTF_8};
///
/// assert_eq!(get_an_xml_encoding(b"<?xml version='1.0' encoding='euc-jp'?>"), Some(EUC_JP));
/// assert_eq!(get_an_xml_encoding(b"<?xml encoding = \"UTF-16\"?>"), Some(UTF_8));
/// assert_eq!(get_an_xml_encoding(b" <?xml encoding='euc-jp'?>"), None);
/// # }
/// # #[cfg(not(all(feature = "euc-jp", feature = "utf-16le")))]
/// # fn main() {}
/// ```
pub fn get_an_xml_encoding(bytes: &[u8]) -> Option<&'static Encoding> {
    match xml_encoding(bytes) {
        XmlEncoding::Found(encoding) => Some(encoding),
        XmlEncoding::Failure | XmlEncoding::RanOut => None,
    }
}

/// "Get an XML encoding", telling failure from running out of bytes.
pub(super) fn xml_encoding(bytes: &[u8]) -> XmlEncoding {
    use XmlEncoding::{Failure, Found, RanOut};
    // A byte the steps need, or (past the end) running out.
    let byte = |at: usize| bytes.get(at).copied();
    // 1. Let encodingPosition be a pointer to the start of the stream.
    // 2. If encodingPosition does not point to the start of a byte sequence 0x3C, 0x3F, 0x78,
    //    0x6D, 0x6C (`<?xml`), then return failure.
    let declaration = b"<?xml";
    if !bytes.starts_with(declaration) {
        return if declaration.starts_with(bytes) {
            RanOut
        } else {
            Failure
        };
    }
    // 3. Let xmlDeclarationEnd be a pointer to the next byte in the input byte stream which
    //    is 0x3E (>). If there is no such byte, then return failure.
    let Some(declaration_end) = find(bytes, 0, b'>') else {
        return RanOut;
    };
    // 4. Set encodingPosition to the position of the first occurrence of the subsequence of
    //    bytes 0x65, 0x6E, 0x63, 0x6F, 0x64, 0x69, 0x6E, 0x67 (`encoding`) at or after the
    //    current encodingPosition and before xmlDeclarationEnd. If there is no such sequence,
    //    then return failure.
    let Some(found) = bytes[..declaration_end]
        .windows(b"encoding".len())
        .position(|window| window == b"encoding")
    else {
        return Failure;
    };
    // 5. Advance encodingPosition past the 0x67 (g) byte.
    let mut position = found + b"encoding".len();
    // 6. While the byte at encodingPosition is less than or equal to 0x20 (i.e., it is either
    //    an ASCII space or control character), advance encodingPosition to the next byte.
    while let Some(b) = byte(position) {
        if b > 0x20 {
            break;
        }
        position += 1;
    }
    // 7. If the byte at encodingPosition is not 0x3D (=), then return failure.
    match byte(position) {
        None => return RanOut,
        Some(b'=') => {}
        Some(_) => return Failure,
    }
    // 8. Advance encodingPosition to the next byte.
    position += 1;
    // 9. While the byte at encodingPosition is less than or equal to 0x20, advance
    //    encodingPosition to the next byte.
    while let Some(b) = byte(position) {
        if b > 0x20 {
            break;
        }
        position += 1;
    }
    // 10. Let quoteMark be the byte at encodingPosition.
    // 11. If quoteMark is not either 0x22 (") or 0x27 ('), then return failure.
    let quote_mark = match byte(position) {
        None => return RanOut,
        Some(quote @ (b'"' | b'\'')) => quote,
        Some(_) => return Failure,
    };
    // 12. Advance encodingPosition to the next byte.
    position += 1;
    // 13. Let encodingEndPosition be the position of the next occurrence of quoteMark at or
    //     after encodingPosition. If quoteMark does not occur again, then return failure.
    let Some(encoding_end) = find(bytes, position, quote_mark) else {
        return RanOut;
    };
    // 14. Let potentialEncoding be the sequence of the bytes between encodingPosition
    //     (inclusive) and encodingEndPosition (exclusive).
    let potential_encoding = &bytes[position..encoding_end];
    // 15. If potentialEncoding contains one or more bytes whose byte value is 0x20 or below,
    //     then return failure.
    if potential_encoding.iter().any(|&b| b <= 0x20) {
        return Failure;
    }
    // 16. Let encoding be the result of getting an encoding given potentialEncoding
    //     isomorphic decoded.
    let Some(encoding) = get_an_encoding(potential_encoding) else {
        return Failure;
    };
    // 17. If the encoding is UTF-16BE/LE, then change it to UTF-8.
    // 18. Return encoding.
    Found(utf_16_to_utf_8(encoding))
}

/// An XML document: a byte order mark, the transport layer's charset, get an XML encoding
/// over the first 1024 bytes, else UTF-8. None: wait for more bytes.
pub(super) fn sniff_xml(bytes: &[u8], end: bool, options: &SniffOptions) -> Option<Sniffed> {
    if let ControlFlow::Break(answer) = byte_order_mark_rule(bytes, end) {
        return answer;
    }
    if let Some(encoding) = options.transport {
        return Some(Sniffed::certain(encoding, Rule::TransportLayer));
    }
    let window = &bytes[..bytes.len().min(PRESCAN_LENGTH)];
    let complete = end || window.len() == PRESCAN_LENGTH;
    match xml_encoding(window) {
        XmlEncoding::Found(encoding) => Some(Sniffed::certain(encoding, Rule::XmlDeclaration)),
        XmlEncoding::RanOut if !complete => None,
        XmlEncoding::Failure | XmlEncoding::RanOut => {
            Some(Sniffed::certain(crate::UTF_8, Rule::Default))
        }
    }
}
