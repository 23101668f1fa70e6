//! The runtime crate's layers, checked: which file of a crate's `src/` names which other file,
//! and whether those names run in a circle or up a layer.
//!
//! A file is a module (a folder's `mod.rs` is the folder's module); modules written inline
//! (`mod tests { … }`) belong to their file. Every path a file writes counts, test modules
//! included: `use` trees (`crate::{…}`, `super::`, `self::`, a child module's name, globs),
//! paths inline in code (`crate::kernels::x::f(…)`, types, patterns, trait bounds), macro
//! invocations (the macro's own path, and its arguments, parsed as expressions or
//! statements where they parse, else read token by token) and the `$crate::` paths in
//! `macro_rules!` bodies.
//!
//! A path is followed through re-exports (`pub use child::Item` in a `mod.rs`, globs) to the
//! file that defines the item, and a re-export itself names no file: a `mod.rs` that only
//! declares and re-exports its children is in no circle with them. Where the item cannot be
//! found (made by a macro, or not there at all) the path names the module it was looked up
//! in. Naming a module alone (`use crate::kernels::utf8;`) names no file: the paths through
//! it do. `#[cfg]` is not read: every module counts whatever the features, and a name
//! defined twice under different `cfg`s names both files. What a proc macro emits is not
//! read.
//!
//! The report lists each circle (a strongly connected component of more than one file) with
//! the first path each file in it writes to each other, and each (file, file) pair where the
//! first names the second from a layer below it, with the first such path.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

use proc_macro2::{Delimiter, Spacing, Span, TokenStream, TokenTree};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};

/// The layers, top first; each entry a file (`encoding.rs`) or a folder (`kernels`, every
/// file under it) of `src/`. A file's layer is that of the longest entry that holds it, so a
/// folder's sub-folder may sit in a layer below the folder's own.
pub type Layers<'a> = &'a [&'a [&'a str]];

/// Checks the crate whose `lib.rs` is in `src`.
pub fn check_dir(src: &Path, layers: Layers) -> Report {
    check(
        &|rel: &str| std::fs::read_to_string(src.join(rel)).ok(),
        layers,
    )
}

/// Checks a crate given as (path under `src/`, source) pairs, `lib.rs` among them.
pub fn check_files(files: &[(&str, &str)], layers: Layers) -> Report {
    check(
        &|rel: &str| {
            files
                .iter()
                .find(|(path, _)| *path == rel)
                .map(|(_, text)| (*text).to_owned())
        },
        layers,
    )
}

/// What the check found: every problem, and how much it read.
#[derive(Debug)]
pub struct Report {
    /// Each problem, one paragraph each, in a stable order: files that cannot be read or
    /// belong to no layer, circles, then paths up a layer.
    pub problems: Vec<String>,
    /// How many files were read.
    pub files: usize,
    /// How many (file, file) pairs one names the other.
    pub pairs: usize,
}

impl Report {
    /// No problem found.
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for problem in &self.problems {
            writeln!(f, "{problem}")?;
        }
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        write!(
            f,
            "layers: {} file{}, {} pair{} of files one names the other, {} problem{}",
            self.files,
            plural(self.files),
            self.pairs,
            plural(self.pairs),
            self.problems.len(),
            plural(self.problems.len())
        )
    }
}

type ModuleId = usize;
const ROOT: ModuleId = 0;

/// A module: a file's own, or one written inline in it.
struct Module {
    file: usize,
    parent: Option<ModuleId>,
    /// The folder its `mod x;` children are found in, under `src/`.
    dir: String,
    children: BTreeMap<String, ModuleId>,
    /// The names of the items defined here (macro_rules!'s included).
    defined: BTreeSet<String>,
    imports: Vec<Import>,
    /// Whether a macro invoked among its items may define names not written out.
    opaque: bool,
}

/// One leaf of a `use` tree.
struct Import {
    /// The name it brings in (`None` for a glob, or `as _`).
    name: Option<String>,
    glob: bool,
    path: Vec<String>,
    /// A re-export (`pub use`, `pub(crate) use`, …).
    public: bool,
}

struct SourceFile {
    rel: String,
    ast: syn::File,
    module: ModuleId,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Found {
    Module(ModuleId),
    /// An item of this module (or a name in it that could not be found).
    Item(ModuleId),
    /// Outside the crate: `std`, a dependency, a local name.
    Outside,
}

struct Crate {
    files: Vec<SourceFile>,
    modules: Vec<Module>,
    /// macro_rules! names and the modules that define them (textual scope, `#[macro_use]`).
    macros: BTreeMap<String, Vec<ModuleId>>,
}

/// One path from a file that names another.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Edge {
    line: usize,
    text: String,
}

fn check(read: &dyn Fn(&str) -> Option<String>, layers: Layers) -> Report {
    let mut problems = Vec::new();
    let krate = load(read, &mut problems);
    let mut edges: BTreeMap<(usize, usize), Edge> = BTreeMap::new();
    for (index, file) in krate.files.iter().enumerate() {
        let mut walker = Walker {
            krate: &krate,
            file: index,
            stack: vec![file.module],
            edges: &mut edges,
        };
        walker.visit_file(&file.ast);
    }

    let rel = |file: usize| krate.files[file].rel.as_str();
    let mut layer_of = Vec::new();
    for file in &krate.files {
        let layer = layer_of_file(&file.rel, layers);
        if layer.is_none() {
            problems.push(format!("{}: in no layer", file.rel));
        }
        layer_of.push(layer);
    }
    for entry in layers.iter().flat_map(|layer| layer.iter()) {
        if !krate.files.iter().any(|file| holds(entry, &file.rel)) {
            problems.push(format!("layer entry {entry}: no such file or folder"));
        }
    }

    let mut circles = Vec::new();
    for component in strongly_connected(krate.files.len(), edges.keys().copied()) {
        if component.len() < 2 {
            continue;
        }
        let mut names: Vec<&str> = component.iter().map(|&file| rel(file)).collect();
        names.sort_unstable();
        let mut text = format!("circle of {} files: {}", names.len(), names.join(", "));
        let mut ties: Vec<(&str, usize, &str, &str)> = edges
            .iter()
            .filter(|((from, to), _)| component.contains(from) && component.contains(to))
            .map(|(&(from, to), edge)| (rel(from), edge.line, edge.text.as_str(), rel(to)))
            .collect();
        ties.sort_unstable();
        for (from, line, path, to) in ties {
            text.push_str(&format!("\n  {from}:{line} {path} -> {to}"));
        }
        circles.push((names.join(","), text));
    }
    circles.sort_unstable();
    problems.extend(circles.into_iter().map(|(_, text)| text));

    let mut upward = Vec::new();
    for (&(from, to), edge) in &edges {
        if let (Some(own), Some(named)) = (layer_of[from], layer_of[to]) {
            if named < own {
                upward.push((
                    rel(from),
                    edge.line,
                    format!(
                        "up a layer: {}:{} {} -> {} (layer {} `{}` names layer {} `{}`)",
                        rel(from),
                        edge.line,
                        edge.text,
                        rel(to),
                        own + 1,
                        layers[own].join(" "),
                        named + 1,
                        layers[named].join(" ")
                    ),
                ));
            }
        }
    }
    upward.sort_unstable();
    problems.extend(upward.into_iter().map(|(_, _, text)| text));

    Report {
        problems,
        files: krate.files.len(),
        pairs: edges.len(),
    }
}

/// Whether layer entry `entry` holds the file at `rel`.
fn holds(entry: &str, rel: &str) -> bool {
    if entry.ends_with(".rs") {
        entry == rel
    } else {
        rel.strip_prefix(entry)
            .is_some_and(|rest| rest.starts_with('/'))
    }
}

fn layer_of_file(rel: &str, layers: Layers) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (layer, entries) in layers.iter().enumerate() {
        for entry in entries.iter() {
            if holds(entry, rel) && best.is_none_or(|(_, len)| entry.len() > len) {
                best = Some((layer, entry.len()));
            }
        }
    }
    best.map(|(layer, _)| layer)
}

// ---------------------------------------------------------------------------------------
// Reading the crate: its files, from lib.rs down its `mod` declarations, and each module's
// names.

fn load(read: &dyn Fn(&str) -> Option<String>, problems: &mut Vec<String>) -> Crate {
    let mut krate = Crate {
        files: Vec::new(),
        modules: Vec::new(),
        macros: BTreeMap::new(),
    };
    krate.modules.push(new_module(0, None, String::new()));
    let mut pending: Vec<(ModuleId, Vec<String>, String)> =
        vec![(ROOT, vec!["lib.rs".to_owned()], "lib.rs".to_owned())];
    while let Some((module, candidates, declared)) = pending.pop() {
        let Some((rel, text)) = candidates
            .iter()
            .find_map(|rel| read(rel).map(|text| (rel.clone(), text)))
        else {
            problems.push(format!("{declared}: no file {}", candidates.join(" or ")));
            continue;
        };
        let ast = match syn::parse_file(&text) {
            Ok(ast) => ast,
            Err(error) => {
                problems.push(format!(
                    "{rel}:{}: cannot parse: {error}",
                    error.span().start().line
                ));
                continue;
            }
        };
        let file = krate.files.len();
        krate.modules[module].file = file;
        let mut collector = Collector {
            krate: &mut krate,
            rel: &rel,
            stack: vec![module],
            in_block: 0,
            pending: &mut pending,
        };
        collector.visit_file(&ast);
        krate.files.push(SourceFile { rel, ast, module });
    }
    krate
}

fn new_module(file: usize, parent: Option<ModuleId>, dir: String) -> Module {
    Module {
        file,
        parent,
        dir,
        children: BTreeMap::new(),
        defined: BTreeSet::new(),
        imports: Vec::new(),
        opaque: false,
    }
}

fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_owned()
    } else {
        format!("{dir}/{name}")
    }
}

fn ident(ident: &syn::Ident) -> String {
    let text = ident.to_string();
    text.strip_prefix("r#").map(str::to_owned).unwrap_or(text)
}

fn line(span: Span) -> usize {
    span.start().line
}

/// The first pass: the modules, the names each defines and the imports each holds.
struct Collector<'a> {
    krate: &'a mut Crate,
    rel: &'a str,
    stack: Vec<ModuleId>,
    /// Inside a function body or other block: items there are not the module's.
    in_block: usize,
    pending: &'a mut Vec<(ModuleId, Vec<String>, String)>,
}

impl Collector<'_> {
    fn module(&mut self) -> &mut Module {
        let id = *self.stack.last().unwrap();
        &mut self.krate.modules[id]
    }

    fn define(&mut self, name: &syn::Ident) {
        if self.in_block == 0 {
            self.module().defined.insert(ident(name));
        }
    }
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        let name = ident(&item.ident);
        let parent = *self.stack.last().unwrap();
        let is_file_module = self.stack.len() == 1;
        let parent_dir = self.krate.modules[parent].dir.clone();
        let mut dir = join(&parent_dir, &name);
        let path_attr = item.attrs.iter().find_map(|attr| match &attr.meta {
            syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        });
        let file = self.krate.modules[parent].file;
        let child = self.krate.modules.len();
        self.krate
            .modules
            .push(new_module(file, Some(parent), String::new()));
        self.krate.modules[parent]
            .children
            .insert(name.clone(), child);
        match &item.content {
            Some((_, items)) => {
                self.krate.modules[child].dir = dir;
                self.stack.push(child);
                let in_block = std::mem::take(&mut self.in_block);
                for item in items {
                    self.visit_item(item);
                }
                self.in_block = in_block;
                self.stack.pop();
            }
            None => {
                let candidates = match path_attr {
                    Some(path) => {
                        // Relative to the declaring file's folder (or, inline, the module's).
                        let base = if is_file_module {
                            Path::new(self.rel)
                                .parent()
                                .map(|p| p.to_string_lossy().into_owned())
                                .unwrap_or_default()
                        } else {
                            parent_dir
                        };
                        let rel = join(&base, &path);
                        dir = PathBuf::from(&rel)
                            .with_extension("")
                            .to_string_lossy()
                            .into_owned();
                        if rel.ends_with("/mod.rs") {
                            dir = rel.trim_end_matches("/mod.rs").to_owned();
                        }
                        vec![rel]
                    }
                    None => vec![format!("{dir}.rs"), format!("{dir}/mod.rs")],
                };
                self.krate.modules[child].dir = dir;
                let declared = format!("{}:{}", self.rel, line(item.ident.span()));
                self.pending.push((child, candidates, declared));
            }
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut leaves = Vec::new();
        flatten(&item.tree, &mut Vec::new(), &mut leaves);
        let public = !matches!(item.vis, syn::Visibility::Inherited);
        let module = self.module();
        for (import, _) in leaves {
            module.imports.push(Import { public, ..import });
        }
    }

    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        if let Some(name) = &item.ident {
            // macro_rules! name: textual scope, reachable from modules declared after it.
            let module = *self.stack.last().unwrap();
            self.krate
                .macros
                .entry(ident(name))
                .or_default()
                .push(module);
            self.define(name);
        } else if self.in_block == 0 {
            // A name a macro defines is written at its call site (`fn name`, `static NAME`);
            // the module may hold others not written out.
            for name in declared_names(item.mac.tokens.clone()) {
                self.module().defined.insert(name);
            }
            self.module().opaque = true;
        }
    }

    fn visit_block(&mut self, block: &'ast syn::Block) {
        self.in_block += 1;
        visit::visit_block(self, block);
        self.in_block -= 1;
    }

    fn visit_item(&mut self, item: &'ast syn::Item) {
        let name = match item {
            syn::Item::Const(item) => Some(&item.ident),
            syn::Item::Enum(item) => Some(&item.ident),
            syn::Item::Fn(item) => Some(&item.sig.ident),
            syn::Item::Static(item) => Some(&item.ident),
            syn::Item::Struct(item) => Some(&item.ident),
            syn::Item::Trait(item) => Some(&item.ident),
            syn::Item::TraitAlias(item) => Some(&item.ident),
            syn::Item::Type(item) => Some(&item.ident),
            syn::Item::Union(item) => Some(&item.ident),
            _ => None,
        };
        if let Some(name) = name {
            self.define(name);
        }
        visit::visit_item(self, item);
    }
}

/// The leaves of a `use` tree, each with the span of its last name.
fn flatten(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<(Import, Span)>) {
    match tree {
        syn::UseTree::Path(path) => {
            prefix.push(ident(&path.ident));
            flatten(&path.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(name) => {
            let (name_text, path) = if name.ident == "self" {
                (prefix.last().cloned(), prefix.clone())
            } else {
                let mut path = prefix.clone();
                path.push(ident(&name.ident));
                (Some(ident(&name.ident)), path)
            };
            out.push((
                Import {
                    name: name_text,
                    glob: false,
                    path,
                    public: false,
                },
                name.ident.span(),
            ));
        }
        syn::UseTree::Rename(rename) => {
            let mut path = prefix.clone();
            if rename.ident != "self" {
                path.push(ident(&rename.ident));
            }
            let name = Some(ident(&rename.rename)).filter(|name| name != "_");
            out.push((
                Import {
                    name,
                    glob: false,
                    path,
                    public: false,
                },
                rename.ident.span(),
            ));
        }
        syn::UseTree::Glob(glob) => out.push((
            Import {
                name: None,
                glob: true,
                path: prefix.clone(),
                public: false,
            },
            glob.star_token.span,
        )),
        syn::UseTree::Group(group) => {
            for tree in &group.items {
                flatten(tree, prefix, out);
            }
        }
    }
}

/// The names a macro invocation among items declares at its call site: each identifier after
/// `fn`, `static`, `const`, `struct`, `enum`, `union`, `trait` or `type`.
fn declared_names(tokens: TokenStream) -> Vec<String> {
    let mut names = Vec::new();
    let mut after_keyword = false;
    for tree in tokens {
        match tree {
            TokenTree::Ident(id) => {
                let text = id.to_string();
                if after_keyword {
                    names.push(text.trim_start_matches("r#").to_owned());
                }
                after_keyword = matches!(
                    text.as_str(),
                    "fn" | "static" | "const" | "struct" | "enum" | "union" | "trait" | "type"
                );
            }
            TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => {
                names.extend(declared_names(group.stream()));
                after_keyword = false;
            }
            _ => after_keyword = false,
        }
    }
    names
}

// ---------------------------------------------------------------------------------------
// Resolving a path to the module or item it names.

impl Crate {
    /// What `path`, written in module `from`, names: one thing, or more where the crate
    /// defines a name more than once (under different `#[cfg]`s).
    fn resolve(&self, from: ModuleId, path: &[String]) -> Vec<Found> {
        let mut found = Vec::new();
        self.resolve_into(from, path, &mut Vec::new(), &mut found);
        found.sort_unstable_by_key(|f| format!("{f:?}"));
        found.dedup();
        found
    }

    fn resolve_into(
        &self,
        from: ModuleId,
        path: &[String],
        visiting: &mut Vec<(ModuleId, String)>,
        out: &mut Vec<Found>,
    ) {
        let Some(first) = path.first() else {
            return out.push(Found::Outside);
        };
        match first.as_str() {
            "::" => out.push(Found::Outside),
            "crate" | "$crate" => self.walk(ROOT, &path[1..], visiting, out),
            "self" => self.walk(from, &path[1..], visiting, out),
            "super" => self.walk(from, path, visiting, out),
            name => {
                let found = self.lookup(from, name, visiting);
                if found.is_empty() {
                    out.push(Found::Outside);
                }
                for f in found {
                    match f {
                        Found::Module(module) => self.walk(module, &path[1..], visiting, out),
                        other => out.push(other),
                    }
                }
            }
        }
    }

    /// The rest of a path, from module `current` down.
    fn walk(
        &self,
        mut current: ModuleId,
        mut rest: &[String],
        visiting: &mut Vec<(ModuleId, String)>,
        out: &mut Vec<Found>,
    ) {
        while let Some((segment, tail)) = rest.split_first() {
            match segment.as_str() {
                "super" => match self.modules[current].parent {
                    Some(parent) => current = parent,
                    None => return out.push(Found::Outside),
                },
                "self" => {}
                name => {
                    let found = self.lookup(current, name, visiting);
                    match found.as_slice() {
                        // Not found in a module of the crate: count the module.
                        [] => return out.push(Found::Item(current)),
                        [Found::Module(module)] => current = *module,
                        _ => {
                            for f in found {
                                match f {
                                    Found::Module(module) => self.walk(module, tail, visiting, out),
                                    other => out.push(other),
                                }
                            }
                            return;
                        }
                    }
                }
            }
            rest = tail;
        }
        out.push(Found::Module(current));
    }

    /// What `name` is in module `module`'s scope: a child module, an item defined there, an
    /// import (followed to what it names; every import of that name), or a name a glob
    /// brings in. Empty where the name is not there.
    fn lookup(
        &self,
        module: ModuleId,
        name: &str,
        visiting: &mut Vec<(ModuleId, String)>,
    ) -> Vec<Found> {
        if visiting.iter().any(|(m, n)| *m == module && n == name) || visiting.len() > 64 {
            return Vec::new();
        }
        let m = &self.modules[module];
        if let Some(&child) = m.children.get(name) {
            return vec![Found::Module(child)];
        }
        if m.defined.contains(name) {
            return vec![Found::Item(module)];
        }
        visiting.push((module, name.to_owned()));
        let mut found = Vec::new();
        for import in &m.imports {
            if import.name.as_deref() == Some(name) {
                self.resolve_into(module, &import.path, visiting, &mut found);
            }
        }
        if found.is_empty() {
            let mut globs = Vec::new();
            for import in m.imports.iter().filter(|import| import.glob) {
                self.resolve_into(module, &import.path, visiting, &mut globs);
            }
            for glob in &globs {
                if let Found::Module(target) = *glob {
                    found.extend(self.lookup(target, name, visiting));
                }
            }
            if found.is_empty() {
                // A name no glob's module is seen to define: the first whose macros may.
                found.extend(
                    globs
                        .iter()
                        .find(|glob| matches!(glob, Found::Module(t) if self.modules[*t].opaque))
                        .map(|glob| match *glob {
                            Found::Module(target) => Found::Item(target),
                            other => other,
                        }),
                );
            }
        }
        visiting.pop();
        found
    }
}

// ---------------------------------------------------------------------------------------
// The second pass: every path each file writes.

struct Walker<'a> {
    krate: &'a Crate,
    file: usize,
    stack: Vec<ModuleId>,
    edges: &'a mut BTreeMap<(usize, usize), Edge>,
}

impl Walker<'_> {
    fn module(&self) -> ModuleId {
        *self.stack.last().unwrap()
    }

    fn edge(&mut self, to: Found, line: usize, text: String) {
        let to = match to {
            Found::Module(module) | Found::Item(module) => self.krate.modules[module].file,
            Found::Outside => return,
        };
        if to == self.file {
            return;
        }
        let edge = Edge { line, text };
        let slot = self.edges.entry((self.file, to)).or_insert(edge.clone());
        if edge < *slot {
            *slot = edge;
        }
    }

    /// A module named whole (by a macro's path that goes on in a metavariable, `m::$name`):
    /// its own file, and the files of the items it re-exports.
    fn whole_module(&mut self, module: ModuleId, line: usize, text: &str) {
        self.edge(Found::Module(module), line, text.to_owned());
        let krate = self.krate;
        for import in &krate.modules[module].imports {
            if import.public {
                for found in krate.resolve(module, &import.path) {
                    match found {
                        Found::Item(_) => self.edge(found, line, text.to_owned()),
                        Found::Module(target) if import.glob => {
                            self.edge(Found::Module(target), line, text.to_owned())
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    /// A path in code: it names a file if it reaches an item (a path that ends at a module
    /// is the start of another, in a `use` or a macro).
    fn path(&mut self, segments: Vec<String>, span: Span) {
        for found in self.krate.resolve(self.module(), &segments) {
            if let Found::Item(_) = found {
                self.edge(found, line(span), segments.join("::"));
            }
        }
    }

    /// A macro's tokens that did not parse: each run of `name::name…` in them, resolved in
    /// this module. A run that stops at a module names its file (`$crate::m::$x`).
    fn tokens(&mut self, tokens: TokenStream, crate_paths_only: bool) {
        for (segments, span) in token_paths(tokens) {
            let first = segments[0].as_str();
            if crate_paths_only && first != "$crate" && first != "crate" {
                continue;
            }
            for found in self.krate.resolve(self.module(), &segments) {
                match found {
                    Found::Item(_) => self.edge(found, line(span), segments.join("::")),
                    Found::Module(module) if segments.len() > 1 => {
                        self.whole_module(module, line(span), &segments.join("::"))
                    }
                    _ => {}
                }
            }
        }
    }

    /// A macro invocation: its path, and what its arguments name.
    fn invocation(&mut self, mac: &syn::Macro) {
        let segments: Vec<String> = mac.path.segments.iter().map(|s| ident(&s.ident)).collect();
        let span = mac.path.segments[0].ident.span();
        let mut found = if mac.path.leading_colon.is_some() {
            Vec::new()
        } else {
            self.krate.resolve(self.module(), &segments)
        };
        if found == [Found::Outside] && segments.len() == 1 {
            // A macro_rules! in textual scope (`#[macro_use]`): the crate's one of that name.
            if let Some(definers) = self.krate.macros.get(&segments[0]) {
                let mine = definers
                    .iter()
                    .find(|&&m| self.krate.modules[m].file == self.file);
                if let Some(&module) = mine.or(definers.first()) {
                    found = vec![Found::Item(module)];
                }
            }
        }
        for found in found {
            if let Found::Item(_) = found {
                self.edge(found, line(span), format!("{}!", segments.join("::")));
            }
        }

        let tokens = mac.tokens.clone();
        if let Ok(exprs) =
            Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated.parse2(tokens.clone())
        {
            for expr in &exprs {
                self.visit_expr(expr);
            }
        } else if let Ok(stmts) = syn::Block::parse_within.parse2(tokens.clone()) {
            for stmt in &stmts {
                self.visit_stmt(stmt);
            }
        } else {
            self.tokens(tokens, false);
        }
    }
}

impl<'ast> Visit<'ast> for Walker<'_> {
    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        let Some((_, items)) = &item.content else {
            return;
        };
        let child = self.krate.modules[self.module()].children[&ident(&item.ident)];
        self.stack.push(child);
        for item in items {
            self.visit_item(item);
        }
        self.stack.pop();
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        // A re-export (`pub use`, `pub(crate) use`) passes names through: the paths through
        // it name the file that defines them, and the file that re-exports names nothing.
        if !matches!(item.vis, syn::Visibility::Inherited) {
            return;
        }
        let mut leaves = Vec::new();
        flatten(&item.tree, &mut Vec::new(), &mut leaves);
        for (import, span) in leaves {
            let mut text = import.path.join("::");
            if import.glob {
                text.push_str("::*");
            }
            for found in self.krate.resolve(self.module(), &import.path) {
                match found {
                    Found::Item(_) => self.edge(found, line(span), text.clone()),
                    // A glob: the names the file goes on to use are resolved where it uses
                    // them; the glob itself names the module's own file (for a trait's
                    // methods, used by no path).
                    Found::Module(_) if import.glob => self.edge(found, line(span), text.clone()),
                    _ => {}
                }
            }
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() {
            let segments = path.segments.iter().map(|s| ident(&s.ident)).collect();
            self.path(segments, path.segments[0].ident.span());
        }
        visit::visit_path(self, path);
    }

    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        if item.ident.is_some() {
            // macro_rules!: its body names what its expansion will, by `$crate::…`.
            self.tokens(item.mac.tokens.clone(), true);
        } else {
            self.invocation(&item.mac);
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.invocation(mac);
    }

    // `pub(in path)` names no item; attributes (documentation, cfg, derives) name nothing of
    // the crate's that a path elsewhere does not.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
}

/// Each run `name::name…` (or `$crate::…`) in `tokens`, at any depth, with its first
/// name's span. A run after `::` (an absolute path) or a `$metavariable` is left out.
fn token_paths(tokens: TokenStream) -> Vec<(Vec<String>, Span)> {
    let mut out = Vec::new();
    collect_token_paths(tokens, &mut out);
    out
}

fn collect_token_paths(tokens: TokenStream, out: &mut Vec<(Vec<String>, Span)>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let is_colons = |i: usize| {
        matches!((trees.get(i), trees.get(i + 1)),
            (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
                if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':')
    };
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Group(group) => {
                collect_token_paths(group.stream(), out);
                i += 1;
            }
            TokenTree::Punct(p) if p.as_char() == '$' => {
                match trees.get(i + 1) {
                    Some(TokenTree::Ident(id)) if id == "crate" => {
                        let (segments, next) = run(&trees, i + 1, &is_colons);
                        let mut segments = segments;
                        segments[0] = "$crate".to_owned();
                        out.push((segments, id.span()));
                        i = next;
                    }
                    // `$name` is a metavariable, not a path.
                    _ => i += 2,
                }
            }
            TokenTree::Punct(p) if p.as_char() == ':' && is_colons(i) => {
                // An absolute path (`::core::…`): skip its names.
                let (_, next) = run(&trees, i + 2, &is_colons);
                i = next.max(i + 2);
            }
            TokenTree::Ident(id) => {
                let (segments, next) = run(&trees, i, &is_colons);
                out.push((segments, id.span()));
                i = next;
            }
            _ => i += 1,
        }
    }
}

/// The names of the run starting at identifier `trees[start]`, and the index after it.
fn run(
    trees: &[TokenTree],
    start: usize,
    is_colons: &dyn Fn(usize) -> bool,
) -> (Vec<String>, usize) {
    let mut segments = Vec::new();
    let mut i = start;
    while let Some(TokenTree::Ident(id)) = trees.get(i) {
        let text = id.to_string();
        segments.push(text.trim_start_matches("r#").to_owned());
        if is_colons(i + 1) && matches!(trees.get(i + 3), Some(TokenTree::Ident(_))) {
            i += 3;
        } else {
            i += 1;
            break;
        }
    }
    (segments, i)
}

// ---------------------------------------------------------------------------------------

/// The strongly connected components of the graph on `0..n` with `edges` (Tarjan's
/// algorithm, iterative).
fn strongly_connected(n: usize, edges: impl Iterator<Item = (usize, usize)>) -> Vec<Vec<usize>> {
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (from, to) in edges {
        next[from].push(to);
    }
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut components = Vec::new();
    let mut counter = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        // (node, position in its successors)
        let mut calls = vec![(root, 0)];
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (node, ref mut position)) = calls.last_mut() {
            if let Some(&succ) = next[node].get(*position) {
                *position += 1;
                if index[succ] == usize::MAX {
                    index[succ] = counter;
                    low[succ] = counter;
                    counter += 1;
                    stack.push(succ);
                    on_stack[succ] = true;
                    calls.push((succ, 0));
                } else if on_stack[succ] {
                    low[node] = low[node].min(index[succ]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index[node] {
                let mut component = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component.push(member);
                    if member == node {
                        break;
                    }
                }
                components.push(component);
            }
        }
    }
    components
}
