//! Proc macros that read the WHATWG data at compile time and emit the runtime's tables.
//!
//! Each macro is a thin wrapper: parse `VIS static NAME = "what";`, ask the generator library
//! for the table's source text, and hand that to the compiler's lexer (see
//! `encoding_gen::emit` for why text). The data directory is the one the invoking crate's build
//! script names in `WHATWG_ENCODING_DATA`; it is parsed and validated once per compiler
//! process and shared by every invocation. A data error becomes a compile error naming the
//! file, the line, the index and the pointer.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use encoding_gen::{derive, emit, layout, DataError, DataSet};
use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// The variable the runtime crate's build script sets to the data directory.
const DATA_VAR: &str = "WHATWG_ENCODING_DATA";

/// The variable the runtime crate's build script sets to the configuration its features
/// choose (`default`, or `compact` with the `compact` feature): which layouts
/// `two_byte_index!` and `encode_index!` emit.
const LAYOUT_VAR: &str = "WHATWG_ENCODING_LAYOUT";

/// `VIS static NAME = "argument";`, the input of every macro.
///
/// Parsed by hand rather than with syn: the grammar is four tokens after the visibility, and
/// syn was the largest crate of a user's clean build of whatwg-encoding (see
/// downstream/README.md).
struct StaticDecl {
    /// The tokens before `static`, as text.
    vis: String,
    name: String,
    /// The string's value.
    argument: String,
    /// Where errors about the argument point.
    span: Span,
}

impl StaticDecl {
    fn parse(input: TokenStream) -> Result<StaticDecl, (Span, String)> {
        const USAGE: &str = "expected `VIS static NAME = \"argument\";`";
        let mut tokens = input.into_iter().peekable();
        let mut vis = TokenStream::new();
        let mut last = Span::call_site();
        loop {
            match tokens.next() {
                Some(TokenTree::Ident(i)) if i.to_string() == "static" => {
                    last = i.span();
                    break;
                }
                Some(t) => {
                    last = t.span();
                    vis.extend([t]);
                }
                None => return Err((last, USAGE.into())),
            }
        }
        let name = match tokens.next() {
            Some(TokenTree::Ident(i)) => i,
            t => return Err((t.map_or(last, |t| t.span()), USAGE.into())),
        };
        match tokens.next() {
            Some(TokenTree::Punct(p)) if p.as_char() == '=' => {}
            t => return Err((t.map_or(name.span(), |t| t.span()), USAGE.into())),
        }
        let literal = match tokens.next() {
            Some(TokenTree::Literal(l)) => l,
            t => return Err((t.map_or(name.span(), |t| t.span()), USAGE.into())),
        };
        // A plain string literal: the names of indexes and rules have no escapes.
        let text = literal.to_string();
        let argument = text
            .strip_prefix('"')
            .and_then(|t| t.strip_suffix('"'))
            .filter(|t| !t.contains(['\\', '"']))
            .ok_or((
                literal.span(),
                "expected a plain string literal".to_string(),
            ))?;
        if matches!(tokens.peek(), Some(TokenTree::Punct(p)) if p.as_char() == ';') {
            tokens.next();
        }
        if let Some(t) = tokens.next() {
            return Err((t.span(), USAGE.into()));
        }
        Ok(StaticDecl {
            vis: vis.to_string(),
            name: name.to_string(),
            argument: argument.to_string(),
            span: literal.span(),
        })
    }
}

/// `compile_error!("message")` at `span`.
fn compile_error(span: Span, message: &str) -> TokenStream {
    let mut literal = Literal::string(message);
    literal.set_span(span);
    let mut bang = Punct::new('!', Spacing::Alone);
    bang.set_span(span);
    let mut body = Group::new(Delimiter::Parenthesis, TokenTree::Literal(literal).into());
    body.set_span(span);
    let mut semi = Punct::new(';', Spacing::Alone);
    semi.set_span(span);
    [
        TokenTree::Ident(Ident::new("compile_error", span)),
        TokenTree::Punct(bang),
        TokenTree::Group(body),
        TokenTree::Punct(semi),
    ]
    .into_iter()
    .collect()
}

type Loaded = Result<&'static DataSet, DataError>;

/// Loads the data set once per directory per compiler process.
fn data_set() -> Result<&'static DataSet, String> {
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Loaded>>> = OnceLock::new();
    let dir = std::env::var_os(DATA_VAR).map(PathBuf::from).ok_or_else(|| {
        format!("{DATA_VAR} is not set: the crate invoking these macros must set it in its build script (cargo:rustc-env)")
    })?;
    let mut cache = CACHE
        .get_or_init(Default::default)
        .lock()
        .map_err(|_| "the data cache was poisoned by an earlier failure".to_string())?;
    let loaded = cache.entry(dir.clone()).or_insert_with(|| {
        encoding_gen::load_dir_for_build(Path::new(&dir)).map(|set| &*Box::leak(Box::new(set)))
    });
    loaded.clone().map_err(|e| e.to_string())
}

fn expand(
    input: TokenStream,
    f: impl FnOnce(&StaticDecl, &'static DataSet) -> Result<String, String>,
) -> TokenStream {
    let decl = match StaticDecl::parse(input) {
        Ok(decl) => decl,
        Err((span, message)) => return compile_error(span, &message),
    };
    let tokens = data_set().and_then(|set| f(&decl, set)).and_then(|text| {
        text.parse::<TokenStream>()
            .map_err(|e| format!("encoding-gen emitted text that is not Rust: {e}"))
    });
    match tokens {
        Ok(tokens) => tokens,
        Err(message) => compile_error(decl.span, &message),
    }
}

/// What the macros compute once per data set per compiler process and share: made by `make`
/// the first time `key` (a data set's address, and a name) is asked for, then kept for the
/// process's life.
type Cache<T> = OnceLock<Mutex<HashMap<(usize, String), Result<&'static T, String>>>>;

fn once<T: Send + Sync + 'static>(
    cache: &'static Cache<T>,
    set: &'static DataSet,
    name: &str,
    make: impl FnOnce() -> Result<T, String>,
) -> Result<&'static T, String> {
    let mut cache = cache
        .get_or_init(Default::default)
        .lock()
        .map_err(|_| "a cache of the macros was poisoned by an earlier failure".to_string())?;
    cache
        .entry((set as *const DataSet as usize, name.to_string()))
        .or_insert_with(|| make().map(|value| &*Box::leak(Box::new(value))))
        .clone()
}

/// Derives an encoder table once: the lookups and the side table of gb18030, and the lookups
/// of index jis0208 and the Shift_JIS remap, come from one table each.
fn encoder_table(
    set: &'static DataSet,
    name: &str,
) -> Result<&'static derive::EncodeTable, String> {
    static CACHE: Cache<derive::EncodeTable> = OnceLock::new();
    once(&CACHE, set, name, || {
        derive::encoder_table(set, name).map_err(|e| e.to_string())
    })
}

/// The configuration the invoking crate's build script names in `WHATWG_ENCODING_LAYOUT`.
fn configuration() -> Result<layout::Configuration, String> {
    let name = std::env::var(LAYOUT_VAR).map_err(|_| {
        format!("{LAYOUT_VAR} is not set: the crate invoking these macros must set it in its build script (cargo:rustc-env) to `default` or `compact`")
    })?;
    layout::Configuration::from_name(&name)
        .ok_or_else(|| format!("{LAYOUT_VAR} is {name:?}, not `default` or `compact`"))
}

/// A two-byte index cut into parts and laid out in the build's configuration, once: the
/// index's `two_byte_index!` and the `encode_index!` of its encoder tables share them.
fn configured_index(
    set: &'static DataSet,
    name: &str,
) -> Result<
    (
        &'static layout::IndexLayout,
        &'static layout::ConfiguredIndex,
    ),
    String,
> {
    static LAYOUTS: Cache<layout::IndexLayout> = OnceLock::new();
    static CONFIGURED: Cache<layout::ConfiguredIndex> = OnceLock::new();
    let index = index(set, name)?;
    let cut = once(&LAYOUTS, set, name, || {
        layout::IndexLayout::of(index)
            .ok_or_else(|| format!("index {name} is not a two-byte index"))
    })?;
    let configured = once(&CONFIGURED, set, name, || {
        let mut tables = Vec::new();
        for table in layout::ConfiguredIndex::encoder_tables(index) {
            tables.push((table, encoder_table(set, table)?));
        }
        layout::ConfiguredIndex::with_tables(index, cut, configuration()?, &tables)
    })?;
    Ok((cut, configured))
}

/// The signature of the emitters of an encoder table's parts.
type EmitEncoderTable =
    fn(&str, &str, &derive::EncodeTable, &encoding_gen::Index) -> Result<String, String>;

/// [`expand`] for a macro whose argument names an encoder table (a single-byte index name, or
/// one of `encoding_gen::derive::ENCODER_TABLES`): `emit` is given the table and its index.
fn expand_encoder_table(input: TokenStream, emit: EmitEncoderTable) -> TokenStream {
    expand(input, |decl, set| {
        let table = encoder_table(set, &decl.argument)?;
        let index = index(set, &table.index)?;
        emit(&decl.vis, &decl.name, table, index)
    })
}

fn index<'a>(set: &'a DataSet, name: &str) -> Result<&'a encoding_gen::Index, String> {
    set.index(name)
        .ok_or_else(|| format!("{}: the data has no index {name}", set.dir.display()))
}

/// `decode_table!(pub static ISO_2022_JP_KATAKANA_DECODE = "iso-2022-jp-katakana");`: the
/// dense decode array of an index, pointer -> code point, 0 for none; for an index whose code
/// points beyond the BMP are in plane 2, also `NAME_PLANE_2`, the bitset of those pointers.
/// (The two-byte indexes are `two_byte_index!`'s.)
#[proc_macro]
pub fn decode_table(input: TokenStream) -> TokenStream {
    expand(input, |decl, set| {
        let index = index(set, &decl.argument)?;
        emit::decode_array(&decl.vis, &decl.name, index)
    })
}

/// `side_table!(pub static GB18030_SIDE_TABLE = "gb18030");`: the side table of the named
/// encoder table, `[(u16, u16); N]` of (code point, pointer).
#[proc_macro]
pub fn side_table(input: TokenStream) -> TokenStream {
    expand_encoder_table(input, emit::side_table)
}

/// `two_byte_index!(pub static EUC_KR = "euc-kr");`: a two-byte index in the layout of the
/// configuration the build script names (see `encoding_gen::layout`), a
/// `crate::tables::TwoByteIndex`, and `NAME_BITMAPS`, the bitmaps of its ranked parts (if it
/// has any).
#[proc_macro]
pub fn two_byte_index(input: TokenStream) -> TokenStream {
    expand(input, |decl, set| {
        let index = index(set, &decl.argument)?;
        let (layout, configured) = configured_index(set, &decl.argument)?;
        emit::two_byte_index(&decl.vis, &decl.name, index, layout, configured)
    })
}

/// `encode_index!(pub static EUC_KR_ENCODE = "euc-kr");`: what the named encoder table's
/// encoder looks up, and in which order, in the configuration the build script names: a
/// `crate::tables::EncodeIndex` over the index's `two_byte_index!`, which the encoder
/// passes with each lookup.
#[proc_macro]
pub fn encode_index(input: TokenStream) -> TokenStream {
    expand(input, |decl, set| {
        let table = encoder_table(set, &decl.argument)?;
        let index = index(set, &table.index)?;
        let (layout, configured) = configured_index(set, &table.index)?;
        emit::encode_index(&decl.vis, &decl.name, table, index, layout, configured)
    })
}

/// `encode_direct!(pub static JIS0208_KANJI = "jis0208 U+4E00..=U+9FFF");`: the named
/// encoder table's values for every code point of the range, in order, `u16::MAX` for none, as
/// a `crate::tables::DirectTable<N>` the encoders index by code point (the `fast-*-encode`
/// features).
#[proc_macro]
pub fn encode_direct(input: TokenStream) -> TokenStream {
    expand(input, |decl, set| {
        let (name, range) = emit::parse_direct_argument(&decl.argument)?;
        let table = encoder_table(set, name)?;
        let index = index(set, &table.index)?;
        emit::direct(&decl.vis, &decl.name, table, index, range)
    })
}

/// `shift_jis_remap!(pub static SHIFT_JIS_REMAP = "jis0208");`: the index Shift_JIS pointer
/// of the code point at each pointer 8272 to 8835 of index jis0208, 0 for none.
#[proc_macro]
pub fn shift_jis_remap(input: TokenStream) -> TokenStream {
    expand(input, |decl, set| {
        let index = index(set, &decl.argument)?;
        Ok(emit::shift_jis_remap(&decl.vis, &decl.name, index))
    })
}

/// `ranges_table!(pub static GB18030_RANGES = "gb18030-ranges");`: emits `GB18030_RANGES_POINTERS`
/// and `GB18030_RANGES_CODE_POINTS`.
#[proc_macro]
pub fn ranges_table(input: TokenStream) -> TokenStream {
    expand(input, |decl, set| {
        let index = index(set, &decl.argument)?;
        Ok(emit::ranges(&decl.vis, &decl.name, index))
    })
}

/// `label_table!(pub static LABELS = "encodings.json");`: every label and its encoding's name.
#[proc_macro]
pub fn label_table(input: TokenStream) -> TokenStream {
    expand(input, |decl, set| {
        Ok(emit::label_table(&decl.vis, &decl.name, set))
    })
}

/// `index_info_table!(pub static INDEXES = "indexes");`: every index's name, Identifier and
/// Date.
#[proc_macro]
pub fn index_info_table(input: TokenStream) -> TokenStream {
    expand(input, |decl, set| {
        Ok(emit::index_info_table(&decl.vis, &decl.name, set))
    })
}

/// `registry! { UTF_8, IBM866, … }`: the runtime's statics for every encoding of
/// encodings.json (`NAME_INIT`, the `Encoding`, and `NAME`, a reference to it, each behind
/// its Cargo feature), `by_name`, and `NAMES`. The invocation lists the statics' names, so
/// that a reader finds where each is declared; they must be the data's encodings, in its
/// order, named as encoding_rs names them (a compile error says where they differ).
#[proc_macro]
pub fn registry(input: TokenStream) -> TokenStream {
    expand_names(input, "the encodings' statics", emit::registry)
}

/// `single_byte_tables! { IBM866, ISO_8859_2, … }`: for each index of section 9's
/// single-byte encodings, its decode array (`NAME_DECODE`) and encode map (`NAME_ENCODE`),
/// the static its decoders pack UTF-8 into (`NAME_UTF8`), and `NAME`, the
/// `crate::tables::SingleByteTables` of the three, each behind the features of the
/// encodings that use the index. The invocation lists the indexes' statics, as `registry!`
/// lists the encodings': the data's single-byte indexes, in the order of its encodings.
#[proc_macro]
pub fn single_byte_tables(input: TokenStream) -> TokenStream {
    expand_names(
        input,
        "the single-byte indexes' statics",
        emit::single_byte_tables,
    )
}

/// Parses `NAME, NAME, …` and hands the names and the data to `emit`; `what` says what the
/// names are, for the error when the input is something else.
fn expand_names(
    input: TokenStream,
    what: &str,
    emit: fn(&[String], &DataSet) -> Result<String, String>,
) -> TokenStream {
    let mut names = Vec::new();
    let mut span = Span::call_site();
    let mut expect_name = true;
    for token in input {
        span = token.span();
        match token {
            TokenTree::Ident(i) if expect_name => {
                names.push(i.to_string());
                expect_name = false;
            }
            TokenTree::Punct(p) if !expect_name && p.as_char() == ',' => expect_name = true,
            _ => return compile_error(span, &format!("expected `NAME, NAME, …`, {what}")),
        }
    }
    let tokens = data_set()
        .and_then(|set| emit(&names, set))
        .and_then(|text| {
            text.parse::<TokenStream>()
                .map_err(|e| format!("encoding-gen emitted text that is not Rust: {e}"))
        });
    match tokens {
        Ok(tokens) => tokens,
        Err(message) => compile_error(span, &message),
    }
}
