//! The app's import graph, read from its source text: a node per module file, an edge from a
//! file to each file whose items it names through a path (in a `use` or in code, macro
//! bodies included) that starts with `crate::`, `super::` or `self::`, with a child module,
//! or with a name a `use` brought in. A path is followed through re-exports (`pub use`) to the file that defines the
//! item, so that naming `crate::model::State` is an edge to `src/model/state/mod.rs`, not
//! to the `model` facade that re-exports it. Comments and string literals are skipped.
//!
//! Inline modules (`mod tests { … }`) belong to their file, but `super::` inside one is
//! resolved from the inline module, as the compiler does.

use std::collections::{BTreeMap, BTreeSet};

/// A path from the crate root, one segment per module or item.
type ModPath = Vec<String>;

#[derive(Debug, PartialEq)]
enum Tok {
    Ident(String),
    PathSep,
    Punct(char),
}

/// The tokens of `src` that matter for paths: identifiers, `::` and single punctuation.
/// Comments, string, byte-string, raw-string and char literals, lifetimes and numbers are
/// dropped.
fn tokens(src: &str) -> Vec<Tok> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some(end) = raw_string_end(&c, i) {
            i = end;
        } else if ch == '"' || (ch == 'b' && at(i + 1) == '"') {
            i += if ch == 'b' { 2 } else { 1 };
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if ch == '\'' || (ch == 'b' && at(i + 1) == '\'') {
            let start = if ch == 'b' { i + 1 } else { i };
            if at(start + 1) == '\\' {
                // An escaped char literal: up to its closing quote.
                i = start + 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(start + 2) == '\'' {
                i = start + 3;
            } else {
                // A lifetime or a label: the quote alone, its name read as an identifier.
                i = start + 1;
            }
        } else if ch.is_ascii_digit() {
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
        } else if ch.is_alphabetic() || ch == '_' {
            if ch == 'r' && at(i + 1) == '#' {
                i += 2;
            }
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(c[start..i].iter().collect()));
        } else if ch == ':' && at(i + 1) == ':' {
            out.push(Tok::PathSep);
            i += 2;
        } else {
            out.push(Tok::Punct(ch));
            i += 1;
        }
    }
    out
}

/// Where a raw string (`r"…"`, `r#"…"#`, `br#"…"#`) starting at `i` ends, if one does.
fn raw_string_end(c: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    if c.get(j) == Some(&'b') {
        j += 1;
    }
    if c.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let hashes = c[j..].iter().take_while(|&&h| h == '#').count();
    j += hashes;
    if c.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < c.len() {
        if c[j] == '"'
            && c[j + 1..]
                .iter()
                .take(hashes)
                .filter(|&&h| h == '#')
                .count()
                == hashes
        {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(c.len())
}

/// One name a `use` brings into a module: its path as written, and the name it binds
/// (`None` for a glob).
#[derive(Clone, Debug)]
struct UseLeaf {
    path: Vec<String>,
    name: Option<String>,
}

/// What a module (a file's or an inline one) declares and names.
#[derive(Default)]
struct ModInfo {
    file: usize,
    uses: Vec<UseLeaf>,
    defined: BTreeSet<String>,
}

/// A path the file names, with the module it is named from.
struct Reference {
    file: usize,
    scope: ModPath,
    path: Vec<String>,
}

/// The module files of a crate and the edges between them.
pub struct Graph {
    /// The files, as given.
    pub files: Vec<String>,
    /// `edges[a]` holds every `b` that file `a` imports from.
    pub edges: Vec<BTreeSet<usize>>,
    /// The paths, as written, that make each edge.
    paths: BTreeMap<(usize, usize), BTreeSet<String>>,
}

/// Parses `use` trees, inline modules, items and `crate::`/`super::`/`self::` paths.
struct Reader<'a> {
    toks: &'a [Tok],
    i: usize,
}

impl Reader<'_> {
    fn ident(&self, at: usize) -> Option<&str> {
        match self.toks.get(at) {
            Some(Tok::Ident(s)) => Some(s),
            _ => None,
        }
    }

    fn is(&self, at: usize, tok: &Tok) -> bool {
        self.toks.get(at) == Some(tok)
    }

    /// A use tree from `self.i`, each leaf appended to `out` under `prefix`.
    fn use_tree(&mut self, prefix: Vec<String>, out: &mut Vec<UseLeaf>) {
        let mut path = prefix;
        if self.is(self.i, &Tok::PathSep) {
            self.i += 1;
        }
        loop {
            match self.toks.get(self.i) {
                Some(Tok::Punct('{')) => {
                    self.i += 1;
                    while !self.is(self.i, &Tok::Punct('}')) && self.i < self.toks.len() {
                        self.use_tree(path.clone(), out);
                        if self.is(self.i, &Tok::Punct(',')) {
                            self.i += 1;
                        }
                    }
                    self.i += 1;
                    return;
                }
                Some(Tok::Punct('*')) => {
                    self.i += 1;
                    out.push(UseLeaf { path, name: None });
                    return;
                }
                Some(Tok::Ident(s)) => {
                    let s = s.clone();
                    self.i += 1;
                    if s == "self" && !path.is_empty() {
                        // `{self, …}`: the prefix itself.
                    } else {
                        path.push(s);
                    }
                    if self.is(self.i, &Tok::PathSep) {
                        self.i += 1;
                        continue;
                    }
                    let mut name = path.last().cloned();
                    if self.ident(self.i) == Some("as") {
                        name = self.ident(self.i + 1).map(str::to_owned);
                        self.i += 2;
                    }
                    out.push(UseLeaf { path, name });
                    return;
                }
                _ => return,
            }
        }
    }

    /// A path from `self.i` (at `crate`, `super` or `self`): its identifier segments.
    fn path(&mut self) -> Vec<String> {
        let mut path = Vec::new();
        while let Some(s) = self.ident(self.i) {
            path.push(s.to_owned());
            self.i += 1;
            if self.is(self.i, &Tok::PathSep) && self.ident(self.i + 1).is_some() {
                self.i += 1;
            } else {
                break;
            }
        }
        path
    }
}

const ITEM_KEYWORDS: [&str; 8] = [
    "fn", "struct", "enum", "type", "trait", "const", "static", "union",
];

impl Graph {
    /// The graph of one crate whose module files are `files` (paths relative to the crate's
    /// `src`, as `model/state/mod.rs`), with `sources[i]` the text of `files[i]`. The crate
    /// root is `lib.rs`.
    pub fn of_crate(files: Vec<String>, sources: &[String]) -> Graph {
        let mut modules: BTreeMap<ModPath, ModInfo> = BTreeMap::new();
        for (f, file) in files.iter().enumerate() {
            modules.insert(
                module_path(file),
                ModInfo {
                    file: f,
                    ..ModInfo::default()
                },
            );
        }
        let mut references = Vec::new();
        for (f, source) in sources.iter().enumerate() {
            read_file(
                f,
                &module_path(&files[f]),
                source,
                &mut modules,
                &mut references,
            );
        }
        let resolver = Resolver { modules: &modules };
        let mut edges = vec![BTreeSet::new(); files.len()];
        let mut paths: BTreeMap<(usize, usize), BTreeSet<String>> = BTreeMap::new();
        for r in &references {
            if let Some(target) = resolver.resolve(&r.scope, &r.path, 0) {
                if target != r.file {
                    edges[r.file].insert(target);
                    paths
                        .entry((r.file, target))
                        .or_default()
                        .insert(r.path.join("::"));
                }
            }
        }
        Graph {
            files,
            edges,
            paths,
        }
    }

    /// The import circles: each strongly connected component of more than one file, as its
    /// files' names, sorted (Tarjan's algorithm).
    pub fn circles(&self) -> Vec<Vec<String>> {
        let n = self.files.len();
        let mut index = vec![usize::MAX; n];
        let mut low = vec![0; n];
        let mut on_stack = vec![false; n];
        let mut stack = Vec::new();
        let mut next = 0;
        let mut out = Vec::new();
        for root in 0..n {
            if index[root] != usize::MAX {
                continue;
            }
            // An explicit stack of (file, its edges' iterator position) instead of recursion.
            let mut work: Vec<(usize, Vec<usize>, usize)> = Vec::new();
            index[root] = next;
            low[root] = next;
            next += 1;
            stack.push(root);
            on_stack[root] = true;
            work.push((root, self.edges[root].iter().copied().collect(), 0));
            while let Some((v, succ, pos)) = work.last_mut() {
                let v = *v;
                if let Some(&w) = succ.get(*pos) {
                    *pos += 1;
                    if index[w] == usize::MAX {
                        index[w] = next;
                        low[w] = next;
                        next += 1;
                        stack.push(w);
                        on_stack[w] = true;
                        work.push((w, self.edges[w].iter().copied().collect(), 0));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                work.pop();
                if let Some((parent, _, _)) = work.last() {
                    low[*parent] = low[*parent].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut component = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        component.push(self.files[w].clone());
                        if w == v {
                            break;
                        }
                    }
                    if component.len() > 1 {
                        component.sort();
                        out.push(component);
                    }
                }
            }
        }
        out.sort();
        out
    }

    /// The edges among `component`'s files, as `a → b (the paths)` lines, to show how a
    /// circle closes.
    pub fn edges_within(&self, component: &[String]) -> Vec<String> {
        let mut lines = Vec::new();
        for (a, targets) in self.edges.iter().enumerate() {
            if !component.contains(&self.files[a]) {
                continue;
            }
            for &b in targets {
                if component.contains(&self.files[b]) {
                    let paths = self.paths.get(&(a, b)).into_iter().flatten();
                    let paths: Vec<&str> = paths.map(String::as_str).collect();
                    lines.push(format!(
                        "{} → {} ({})",
                        self.files[a],
                        self.files[b],
                        paths.join(", ")
                    ));
                }
            }
        }
        lines
    }
}

/// The module path of a file relative to `src`: `lib.rs` is the root, `a/mod.rs` and
/// `a.rs` are `a`.
fn module_path(file: &str) -> ModPath {
    let stem = file.trim_end_matches(".rs");
    let mut parts: Vec<String> = stem.split('/').map(str::to_owned).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// Records file `f`'s inline modules, uses, items and paths.
fn read_file(
    f: usize,
    root: &ModPath,
    source: &str,
    modules: &mut BTreeMap<ModPath, ModInfo>,
    references: &mut Vec<Reference>,
) {
    let toks = tokens(source);
    let mut r = Reader { toks: &toks, i: 0 };
    // The inline modules open around the reader, with the brace depth each closes at.
    let mut scopes: Vec<(ModPath, usize)> = vec![(root.clone(), 0)];
    let mut depth = 0;
    while r.i < toks.len() {
        let scope = scopes.last().map(|s| s.0.clone()).unwrap_or_default();
        match &toks[r.i] {
            Tok::Punct('{') => {
                depth += 1;
                r.i += 1;
            }
            Tok::Punct('}') => {
                if scopes.len() > 1 && scopes.last().is_some_and(|s| s.1 == depth) {
                    scopes.pop();
                }
                depth -= 1;
                r.i += 1;
            }
            Tok::Ident(kw) if kw == "mod" => {
                if let (Some(name), true) = (r.ident(r.i + 1), r.is(r.i + 2, &Tok::Punct('{'))) {
                    let mut path = scope.clone();
                    path.push(name.to_owned());
                    modules.entry(path.clone()).or_insert_with(|| ModInfo {
                        file: f,
                        ..ModInfo::default()
                    });
                    depth += 1;
                    scopes.push((path, depth));
                    r.i += 3;
                } else {
                    r.i += 1;
                }
            }
            Tok::Ident(kw) if kw == "use" => {
                r.i += 1;
                let mut leaves = Vec::new();
                r.use_tree(Vec::new(), &mut leaves);
                for leaf in &leaves {
                    references.push(Reference {
                        file: f,
                        scope: scope.clone(),
                        path: leaf.path.clone(),
                    });
                }
                if let Some(info) = modules.get_mut(&scope) {
                    info.uses.extend(leaves);
                }
            }
            Tok::Ident(kw) if ITEM_KEYWORDS.contains(&kw.as_str()) || kw == "macro_rules" => {
                let name_at = if kw == "macro_rules" {
                    r.i + 2
                } else {
                    r.i + 1
                };
                if let (Some(name), Some(info)) = (r.ident(name_at), modules.get_mut(&scope)) {
                    info.defined.insert(name.to_owned());
                }
                r.i += 1;
            }
            // A path in code: from `crate`, `super` or `self`, or from a child module or a
            // name a `use` bound (anything else, such as `Vec::new`, resolves to nothing).
            Tok::Ident(_)
                if r.is(r.i + 1, &Tok::PathSep)
                    && !(r.i > 0
                        && (r.is(r.i - 1, &Tok::Punct('$')) || r.is(r.i - 1, &Tok::PathSep))) =>
            {
                let path = r.path();
                references.push(Reference {
                    file: f,
                    scope: scope.clone(),
                    path,
                });
            }
            _ => r.i += 1,
        }
    }
}

struct Resolver<'a> {
    modules: &'a BTreeMap<ModPath, ModInfo>,
}

/// How many re-exports a path is followed through before giving up (a loop of globs).
const MAX_HOPS: usize = 16;

impl Resolver<'_> {
    /// The file that defines what `path`, written in module `scope`, names; `None` for
    /// another crate's.
    fn resolve(&self, scope: &[String], path: &[String], hops: usize) -> Option<usize> {
        let absolute = self.absolute(scope, path, hops)?;
        self.walk(&absolute, hops)
    }

    /// `path` from the crate root, or `None` if it starts in another crate.
    fn absolute(&self, scope: &[String], path: &[String], hops: usize) -> Option<ModPath> {
        let (first, rest) = path.split_first()?;
        if hops >= MAX_HOPS {
            return None;
        }
        let mut base: ModPath = match first.as_str() {
            "crate" => Vec::new(),
            "self" => scope.to_vec(),
            "super" => scope[..scope.len().saturating_sub(1)].to_vec(),
            name => {
                let mut child = scope.to_vec();
                child.push(name.to_owned());
                if self.modules.contains_key(&child) {
                    child
                } else {
                    // A name a `use` of this module brought in (`use super::job;` then
                    // `use job::Job;`), or another crate.
                    let leaf = self
                        .modules
                        .get(scope)?
                        .uses
                        .iter()
                        .find(|u| u.name.as_deref() == Some(name))?;
                    let mut bound = self.absolute(scope, &leaf.path, hops + 1)?;
                    bound.extend(rest.iter().cloned());
                    return Some(bound);
                }
            }
        };
        let mut rest = rest;
        while let Some((s, tail)) = rest.split_first() {
            if s != "super" {
                break;
            }
            base.pop();
            rest = tail;
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file that defines the item (or module) at `absolute`.
    fn walk(&self, absolute: &[String], hops: usize) -> Option<usize> {
        let mut module: ModPath = Vec::new();
        for (i, segment) in absolute.iter().enumerate() {
            let mut child = module.clone();
            child.push(segment.clone());
            if self.modules.contains_key(&child) {
                module = child;
                continue;
            }
            let info = self.modules.get(&module)?;
            if info.defined.contains(segment) || hops >= MAX_HOPS {
                return Some(info.file);
            }
            let rest = &absolute[i + 1..];
            if let Some(leaf) = info
                .uses
                .iter()
                .find(|u| u.name.as_deref() == Some(segment.as_str()))
            {
                let mut path = leaf.path.clone();
                path.extend(rest.iter().cloned());
                // A re-export of another crate's item stays with the module that makes it.
                return self.resolve(&module, &path, hops + 1).or(Some(info.file));
            }
            for glob in info.uses.iter().filter(|u| u.name.is_none()) {
                let Some(target) = self.absolute(&module, &glob.path, hops + 1) else {
                    continue;
                };
                let Some(from) = self.modules.get(&target) else {
                    continue;
                };
                let mut path = target.clone();
                path.push(segment.clone());
                let names_it = from.defined.contains(segment)
                    || from.uses.iter().any(|u| u.name.as_deref() == Some(segment))
                    || self.modules.contains_key(&path);
                if names_it {
                    path.extend(rest.iter().cloned());
                    return self.walk(&path, hops + 1);
                }
            }
            return Some(info.file);
        }
        self.modules.get(&module).map(|m| m.file)
    }
}
