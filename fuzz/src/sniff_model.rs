//! Reference models for the `sniff` target: the HTML Standard's prescan (with get an
//! attribute and the meta extraction algorithm) and MIME Sniffing's parse a MIME type, each
//! written as literally as the standard's steps: a byte at a time, strings built and
//! lowercased, the attribute list kept, nothing skipped ahead. The crate's versions search
//! sixteen bytes at a time, skip windows without a `<meta`, take shortcuts through the
//! attributes of tags, keep byte ranges and resume; these do none of that. (The crate's
//! `tests/sniff/reference.rs` tests its prescan against this one too.)

use whatwg_encoding::Encoding;

fn is_space(b: u8) -> bool {
    matches!(b, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)
}

fn lower(b: u8) -> u8 {
    b.to_ascii_lowercase()
}

/// Get an attribute: None when the prescan runs out of bytes; Some(None) at `>`.
#[allow(clippy::option_option)]
fn get_an_attribute(bytes: &[u8], position: &mut usize) -> Option<Option<(Vec<u8>, Vec<u8>)>> {
    let at = |p: usize| bytes.get(p).copied();
    // 1.
    while matches!(at(*position)?, 0x09 | 0x0A | 0x0C | 0x0D | 0x20 | 0x2F) {
        *position += 1;
    }
    // 2.
    if at(*position)? == b'>' {
        return Some(None);
    }
    // 3.
    let mut name = Vec::new();
    let mut value = Vec::new();
    // 4, 5.
    loop {
        let b = at(*position)?;
        if b == b'=' && !name.is_empty() {
            *position += 1;
            break;
        }
        if is_space(b) {
            // 6.
            while is_space(at(*position)?) {
                *position += 1;
            }
            // 7.
            if at(*position)? != b'=' {
                return Some(Some((name, value)));
            }
            // 8.
            *position += 1;
            break;
        }
        if b == b'/' || b == b'>' {
            return Some(Some((name, value)));
        }
        name.push(lower(b));
        *position += 1;
    }
    // 9.
    while is_space(at(*position)?) {
        *position += 1;
    }
    // 10.
    let b = at(*position)?;
    if b == b'"' || b == b'\'' {
        loop {
            *position += 1;
            let c = at(*position)?;
            if c == b {
                *position += 1;
                return Some(Some((name, value)));
            }
            value.push(lower(c));
        }
    }
    if b == b'>' {
        return Some(Some((name, value)));
    }
    value.push(lower(b));
    *position += 1;
    // 11, 12.
    loop {
        let c = at(*position)?;
        if is_space(c) || c == b'>' {
            return Some(Some((name, value)));
        }
        value.push(lower(c));
        *position += 1;
    }
}

/// The algorithm for extracting a character encoding from a meta element.
pub fn extract(s: &[u8]) -> Option<&'static Encoding> {
    let mut position = 0;
    loop {
        // 2.
        let found = (position..s.len().saturating_sub(6))
            .find(|&i| s[i..i + 7].eq_ignore_ascii_case(b"charset"))?;
        // 3.
        let mut p = found + 7;
        while p < s.len() && is_space(s[p]) {
            p += 1;
        }
        // 4.
        if p < s.len() && s[p] == b'=' {
            p += 1;
            // 5.
            while p < s.len() && is_space(s[p]) {
                p += 1;
            }
            // 6.
            let c = *s.get(p)?;
            if c == b'"' || c == b'\'' {
                let close = (p + 1..s.len()).find(|&i| s[i] == c)?;
                return Encoding::for_label(&s[p + 1..close]);
            }
            let end = (p..s.len())
                .find(|&i| is_space(s[i]) || s[i] == b';')
                .unwrap_or(s.len());
            return Encoding::for_label(&s[p..end]);
        }
        position = p;
    }
}

/// Get an XML encoding.
pub fn xml_encoding(bytes: &[u8]) -> Option<&'static Encoding> {
    if !bytes.starts_with(b"<?xml") {
        return None;
    }
    let end = bytes.iter().position(|&b| b == b'>')?;
    let found = (0..end.saturating_sub(7)).find(|&i| &bytes[i..i + 8] == b"encoding")?;
    let mut p = found + 8;
    while *bytes.get(p)? <= 0x20 {
        p += 1;
    }
    if bytes[p] != b'=' {
        return None;
    }
    p += 1;
    while *bytes.get(p)? <= 0x20 {
        p += 1;
    }
    let quote = bytes[p];
    if quote != b'"' && quote != b'\'' {
        return None;
    }
    p += 1;
    let close = (p..bytes.len()).find(|&i| bytes[i] == quote)?;
    let label = &bytes[p..close];
    if label.iter().any(|&b| b <= 0x20) {
        return None;
    }
    let encoding = Encoding::for_label(label)?;
    Some(utf8_for_utf16(encoding))
}

fn utf8_for_utf16(encoding: &'static Encoding) -> &'static Encoding {
    match encoding.name() {
        "UTF-16BE" | "UTF-16LE" => whatwg_encoding::UTF_8,
        _ => encoding,
    }
}

/// The prescan over the first 1024 bytes: the encoding and, for a meta, its offset.
pub fn prescan(bytes: &[u8]) -> Option<(&'static Encoding, Option<usize>)> {
    let bytes = &bytes[..bytes.len().min(1024)];
    match prescan_loop(bytes) {
        Some(found) => Some(found),
        None => xml_encoding(bytes).map(|encoding| (encoding, None)),
    }
}

/// The loop; None when it runs out of bytes.
fn prescan_loop(bytes: &[u8]) -> Option<(&'static Encoding, Option<usize>)> {
    if bytes.starts_with(b"<\0?\0x\0") {
        return Some((whatwg_encoding::UTF_16LE, None));
    }
    if bytes.starts_with(b"\0<\0?\0x") {
        return Some((whatwg_encoding::UTF_16BE, None));
    }
    let mut position = 0;
    loop {
        let rest = bytes.get(position..)?;
        if rest.is_empty() {
            return None;
        }
        if rest.starts_with(b"<!--") {
            let mut p = position + 4;
            loop {
                let b = *bytes.get(p)?;
                if b == b'>' && bytes[p - 2] == b'-' && bytes[p - 1] == b'-' {
                    break;
                }
                p += 1;
            }
            position = p;
        } else if rest.len() >= 6
            && rest[1..5].eq_ignore_ascii_case(b"meta")
            && rest[0] == b'<'
            && (is_space(rest[5]) || rest[5] == b'/')
        {
            let start = position;
            position += 5;
            let mut list: Vec<Vec<u8>> = Vec::new();
            let mut got_pragma = false;
            let mut need_pragma = None;
            // None: null; Some(None): failure.
            let mut charset: Option<Option<&'static Encoding>> = None;
            while let Some((name, value)) = get_an_attribute(bytes, &mut position)? {
                if list.contains(&name) {
                    continue;
                }
                list.push(name.clone());
                match &name[..] {
                    b"http-equiv" if value == b"content-type" => got_pragma = true,
                    b"content" => {
                        if let Some(encoding) = extract(&value) {
                            if charset.is_none() {
                                charset = Some(Some(encoding));
                                need_pragma = Some(true);
                            }
                        }
                    }
                    b"charset" => {
                        charset = Some(Encoding::for_label(&value));
                        need_pragma = Some(false);
                    }
                    _ => {}
                }
            }
            // 11. Need pragma null, 12. need pragma true without got pragma, 13. failure:
            // next byte.
            let declared = match (need_pragma, charset) {
                (None, _) => None,
                (Some(true), _) if !got_pragma => None,
                (_, Some(Some(encoding))) => Some(encoding),
                _ => None,
            };
            if let Some(encoding) = declared {
                let encoding = utf8_for_utf16(encoding);
                if encoding.name() == "x-user-defined" {
                    return Some((whatwg_encoding::WINDOWS_1252, Some(start)));
                }
                return Some((encoding, Some(start)));
            }
        } else if rest[0] == b'<'
            && (rest.get(1).is_some_and(u8::is_ascii_alphabetic)
                || (rest.get(1) == Some(&b'/') && rest.get(2).is_some_and(u8::is_ascii_alphabetic)))
        {
            position += 1;
            while !(is_space(*bytes.get(position)?) || bytes[position] == b'>') {
                position += 1;
            }
            while get_an_attribute(bytes, &mut position)?.is_some() {}
        } else if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            position += 1;
            while *bytes.get(position)? != b'>' {
                position += 1;
            }
        }
        position += 1;
    }
}

/// Parse a MIME type from bytes, then its charset parameter through get an encoding.
pub fn content_type_charset(input: &[u8]) -> Option<&'static Encoding> {
    let http_space = |b: u8| matches!(b, b'\t' | b'\n' | b'\r' | b' ');
    let token = |b: u8| b"!#$%&'*+-.^_`|~".contains(&b) || b.is_ascii_alphanumeric();
    let quoted_token = |b: u8| b == b'\t' || (0x20..=0x7E).contains(&b) || b >= 0x80;
    let mut input: Vec<u8> = input.to_vec();
    while input.first().is_some_and(|&b| http_space(b)) {
        input.remove(0);
    }
    while input.last().is_some_and(|&b| http_space(b)) {
        input.pop();
    }
    let mut position = 0;
    let collect = |position: &mut usize, stop: &dyn Fn(u8) -> bool| -> Vec<u8> {
        let start = *position;
        while *position < input.len() && !stop(input[*position]) {
            *position += 1;
        }
        input[start..*position].to_vec()
    };
    let kind = collect(&mut position, &|b| b == b'/');
    if kind.is_empty() || !kind.iter().all(|&b| token(b)) || position >= input.len() {
        return None;
    }
    position += 1;
    let mut subtype = collect(&mut position, &|b| b == b';');
    while subtype.last().is_some_and(|&b| http_space(b)) {
        subtype.pop();
    }
    if subtype.is_empty() || !subtype.iter().all(|&b| token(b)) {
        return None;
    }
    let mut parameters: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
    while position < input.len() {
        position += 1;
        collect(&mut position, &|b| !http_space(b));
        let name: Vec<u8> = collect(&mut position, &|b| b == b';' || b == b'=')
            .iter()
            .map(|b| b.to_ascii_lowercase())
            .collect();
        if position < input.len() {
            if input[position] == b';' {
                continue;
            }
            position += 1;
        }
        if position >= input.len() {
            break;
        }
        let value = if input[position] == b'"' {
            let mut value = Vec::new();
            position += 1;
            loop {
                value.extend(collect(&mut position, &|b| b == b'"' || b == b'\\'));
                if position >= input.len() {
                    break;
                }
                let c = input[position];
                position += 1;
                if c == b'\\' {
                    if position >= input.len() {
                        value.push(b'\\');
                        break;
                    }
                    value.push(input[position]);
                    position += 1;
                } else {
                    break;
                }
            }
            collect(&mut position, &|b| b == b';');
            value
        } else {
            let mut value = collect(&mut position, &|b| b == b';');
            while value.last().is_some_and(|&b| http_space(b)) {
                value.pop();
            }
            if value.is_empty() {
                continue;
            }
            value
        };
        if !name.is_empty()
            && name.iter().all(|&b| token(b))
            && value.iter().all(|&b| quoted_token(b))
            && !parameters.iter().any(|(n, _)| *n == name)
        {
            parameters.push((name, value));
        }
    }
    let (_, value) = parameters.iter().find(|(name, _)| name == b"charset")?;
    Encoding::for_label(value)
}
