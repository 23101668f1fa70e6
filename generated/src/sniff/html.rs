//! HTML Standard, section 13.2.3.2, the encoding sniffing algorithm, steps 1 to 9.

use core::ops::ControlFlow;

use super::bom::byte_order_mark_rule;
use super::bytes::is_utf_16;
use super::options::SniffOptions;
use super::prescan::{prescan, Prescan};
use super::prescan_length::PRESCAN_LENGTH;
use super::result::{Rule, Sniffed};
use super::xml::get_an_xml_encoding;

/// The encoding sniffing algorithm over `bytes`, the bytes available so far; `end`: no more
/// will come (or the caller will not wait for them). None: wait for more (step 3). `resume`
/// is where the prescan goes on from with more bytes: 0 at first, then what the last call
/// left.
pub(super) fn sniff_html(
    bytes: &[u8],
    end: bool,
    options: &SniffOptions,
    resume: &mut usize,
) -> Option<Sniffed> {
    // 1. If the result of BOM sniffing is an encoding, return that encoding with confidence
    //    certain.
    if let ControlFlow::Break(answer) = byte_order_mark_rule(bytes, end) {
        return answer;
    }
    // 2. If the user has explicitly instructed the user agent to override the document's
    //    character encoding with a specific encoding, optionally return that encoding with
    //    the confidence certain.
    if let Some(encoding) = options.user_override {
        return Some(Sniffed::certain(encoding, Rule::UserOverride));
    }
    // 3. The user agent may wait for more bytes of the resource to be available, either in
    //    this step or at any later step in this algorithm. (Here: until 1024 bytes, or the
    //    end, or an answer; see `None` below.)
    // 4. If the transport layer specifies a character encoding, and it is supported, return
    //    that encoding with the confidence certain.
    if let Some(encoding) = options.transport {
        return Some(Sniffed::certain(encoding, Rule::TransportLayer));
    }
    // 5. Optionally, prescan the byte stream to determine its encoding, with the end
    //    condition being when the user agent decides that scanning further bytes would not be
    //    efficient. User agents are encouraged to only prescan the first 1024 bytes. … If it
    //    returns a character encoding, then return the same encoding, with confidence
    //    tentative.
    let window = &bytes[..bytes.len().min(PRESCAN_LENGTH)];
    let complete = end || window.len() == PRESCAN_LENGTH;
    match prescan(window, *resume, complete) {
        Prescan::Meta { encoding, offset } => {
            return Some(Sniffed::tentative(encoding, Rule::Meta { offset }))
        }
        Prescan::Utf16XmlDeclaration(encoding) => {
            return Some(Sniffed::tentative(encoding, Rule::XmlDeclaration))
        }
        Prescan::RanOut { resume: at } if !complete => {
            *resume = at;
            return None;
        }
        // (The end condition: the prescan returns get an XML encoding of the same bytes.)
        Prescan::RanOut { .. } => {
            if let Some(encoding) = get_an_xml_encoding(window) {
                return Some(Sniffed::tentative(encoding, Rule::XmlDeclaration));
            }
        }
    }
    // 6. If the HTML parser for which this algorithm is being run is associated with a
    //    Document d whose container document is non-null: 1. Let parentDocument be d's
    //    container document. 2. If parentDocument's origin is same origin with d's origin and
    //    parentDocument's character encoding is not UTF-16BE/LE, then return
    //    parentDocument's character encoding, with the confidence tentative. (The caller
    //    gives the parent's encoding only when the origins are the same.)
    if let Some(encoding) = options.parent.filter(|&encoding| !is_utf_16(encoding)) {
        return Some(Sniffed::tentative(encoding, Rule::Parent));
    }
    // 7. Otherwise, if the user agent has information on the likely encoding for this page,
    //    e.g. based on the encoding of the page when it was last visited, then return that
    //    encoding, with the confidence tentative.
    if let Some(encoding) = options.likely {
        return Some(Sniffed::tentative(encoding, Rule::LikelyEncoding));
    }
    // 8. The user agent may attempt to autodetect the character encoding from applying
    //    frequency analysis or other algorithms to the data stream. … If autodetection
    //    succeeds in determining a character encoding, and that encoding is a supported
    //    encoding, then return that encoding, with the confidence tentative.
    if let Some(encoding) = options
        .autodetect
        .and_then(|detector| detector.autodetect(bytes, end))
    {
        return Some(Sniffed::tentative(encoding, Rule::Autodetection));
    }
    // 9. Otherwise, return an implementation-defined or user-specified default character
    //    encoding, with the confidence tentative.
    Some(Sniffed::tentative(options.default, Rule::Default))
}
