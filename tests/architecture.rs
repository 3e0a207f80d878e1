//! The layer order of `koban::LAYERS` holds: no top-level module's non-test code
//! names a module above it. And only the protocol, the SGF files and the match
//! runner spell vertices (name the `vertex` module in non-test code): the other
//! layers hand typed points up.
//!
//! The check reads the source text: every `crate::NAME` path (grouped
//! `crate::{a, b}` imports included) and every `super::` path that climbs out of
//! its top-level module, in code outside `#[cfg(test)]` items and `tests.rs`
//! files, with comments and string literals left out. Test code is held to the
//! order too, by its `crate::NAME` paths. Names a macro builds or a glob
//! re-export hides are not seen; the crate has none that cross layers.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Upward uses accepted for now: (file, module it uses, why). Each one is a
/// debt with an owner, not a design. Empty: the crate has none.
const ALLOWED: &[(&str, &str, &str)] = &[];

/// `text` with comments, string and character literals blanked out (newlines
/// kept), so paths inside them are not taken for code.
fn strip_comments_and_literals(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, bytes: &[u8]| {
        out.extend(bytes.iter().map(|&c| if c == b'\n' { b'\n' } else { b' ' }));
    };
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest.starts_with(b"/*") {
            let mut depth = 0;
            let mut j = 0;
            while j < rest.len() {
                if rest[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut out, &rest[..j]);
            i += j;
        } else if rest[0] == b'r'
            && (i == 0 || !is_ident(b[i - 1]))
            && rest.len() > 1
            && (rest[1] == b'"' || rest[1] == b'#')
        {
            // Raw string r"..." or r#"..."#.
            let hashes = rest[1..].iter().take_while(|&&c| c == b'#').count();
            if rest.get(1 + hashes) != Some(&b'"') {
                out.push(rest[0]);
                i += 1;
                continue;
            }
            let mut close = vec![b'"'];
            close.extend(std::iter::repeat_n(b'#', hashes));
            let start = 2 + hashes;
            let end = rest[start..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(rest.len(), |k| start + k + close.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest[0] == b'"' {
            let mut j = 1;
            while j < rest.len() && rest[j] != b'"' {
                j += if rest[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(rest.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest[0] == b'\'' {
            // A character literal ('x', '\n', '\u{..}'), else a lifetime.
            let end = if rest.get(1) == Some(&b'\\') {
                rest[2..].iter().position(|&c| c == b'\'').map(|k| k + 3)
            } else {
                // The length of the UTF-8 character after the quote.
                let len = match rest.get(1) {
                    Some(0xC0..=0xDF) => 2,
                    Some(0xE0..=0xEF) => 3,
                    Some(0xF0..=0xFF) => 4,
                    _ => 1,
                };
                (rest.get(1 + len) == Some(&b'\'')).then_some(len + 2)
            };
            match end {
                Some(end) => {
                    blank(&mut out, &rest[..end]);
                    i += end;
                }
                None => {
                    out.push(b'\'');
                    i += 1;
                }
            }
        } else {
            out.push(rest[0]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("only ASCII replaced")
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// `code` (already stripped) without the items marked `#[cfg(test)]`: the
/// attribute, any attributes after it, and the item up to its `;` or the end
/// of its braces. Also returns the names of out-of-line test modules
/// (`#[cfg(test)] mod name;`), whose files are test code too.
fn without_test_items(code: &str) -> (String, Vec<String>) {
    let b = code.as_bytes();
    let mut out = String::with_capacity(code.len());
    let mut test_mods = Vec::new();
    let mut i = 0;
    while let Some(k) = code[i..].find("#[cfg(test)]") {
        let start = i + k;
        out.push_str(&code[i..start]);
        let mut j = start + "#[cfg(test)]".len();
        // The item: to the first `;` or the end of the first brace block.
        let mut depth = 0;
        while j < b.len() {
            match b[j] {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        j += 1;
                        break;
                    }
                }
                b';' if depth == 0 => {
                    j += 1;
                    break;
                }
                _ => {}
            }
            j += 1;
        }
        let item = &code[start..j.min(b.len())];
        let words: Vec<&str> = item
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        if item.trim_end().ends_with(';')
            && let Some(pos) = words.iter().position(|&w| w == "mod")
            && let Some(name) = words.get(pos + 1)
        {
            test_mods.push((*name).to_string());
        }
        i = j.min(b.len());
    }
    out.push_str(&code[i..]);
    (out, test_mods)
}

/// The top-level modules named by the paths in `code` (already stripped of
/// comments, literals and test items), for a file `depth` modules below the
/// crate root (`src/a.rs` and `src/a/mod.rs`: 1; `src/a/b.rs`: 2).
fn modules_used(code: &str, depth: usize) -> BTreeSet<String> {
    let b = code.as_bytes();
    let mut used = BTreeSet::new();
    let ident_at = |mut j: usize| {
        while j < b.len() && b[j] == b' ' {
            j += 1;
        }
        let s = j;
        while j < b.len() && is_ident(b[j]) {
            j += 1;
        }
        (code[s..j].to_string(), j)
    };
    let mut i = 0;
    while i < b.len() {
        if !is_ident(b[i]) || (i > 0 && is_ident(b[i - 1])) {
            i += 1;
            continue;
        }
        let (word, end) = ident_at(i);
        // Follows `::`, so not the start of a path (`a::crate` is no path).
        let after_colons = code[..i].trim_end().ends_with("::");
        if word == "crate" && !after_colons && code[end..].trim_start().starts_with("::") {
            let rest = code[end..].trim_start()[2..].trim_start();
            let offset = code.len() - rest.len();
            if rest.starts_with('{') {
                // `crate::{a::x, b, c::{..}}`: the first segment of each branch.
                let mut depth_braces = 0;
                let mut expect_segment = true;
                for (k, c) in rest.char_indices() {
                    match c {
                        '{' => {
                            depth_braces += 1;
                            expect_segment = depth_braces == 1;
                        }
                        '}' => {
                            depth_braces -= 1;
                            if depth_braces == 0 {
                                break;
                            }
                        }
                        ',' if depth_braces == 1 => expect_segment = true,
                        c if expect_segment && (c.is_ascii_alphabetic() || c == '_') => {
                            let (name, _) = ident_at(offset + k);
                            used.insert(name);
                            expect_segment = false;
                        }
                        _ => {}
                    }
                }
            } else {
                let (name, _) = ident_at(offset);
                used.insert(name);
            }
            i = end;
        } else if word == "super" && !after_colons {
            // Count the `super::` steps; as many as the depth reach the root.
            let mut supers = 0;
            let mut j = i;
            loop {
                let (w, e) = ident_at(j);
                let tail = code[e..].trim_start();
                if w == "super" && tail.starts_with("::") {
                    supers += 1;
                    j = code.len() - tail[2..].len();
                } else {
                    break;
                }
            }
            if supers >= depth {
                let (name, _) = ident_at(j);
                if !name.is_empty() {
                    used.insert(name);
                }
            }
            i = j.max(end);
        } else {
            i = end;
        }
    }
    used
}

/// The `.rs` files of top-level module `name` that hold non-test code, each
/// with its depth below the crate root.
fn module_files(src: &Path, name: &str) -> Vec<(PathBuf, usize)> {
    let mut files = Vec::new();
    let single = src.join(format!("{name}.rs"));
    if single.exists() {
        files.push((single, 1));
    }
    let dir = src.join(name);
    if dir.is_dir() {
        collect(&dir, 1, &mut files);
    }
    files
}

fn collect(dir: &Path, depth: usize, files: &mut Vec<(PathBuf, usize)>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, depth + 1, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let stem = path.file_stem().unwrap().to_str().unwrap();
            files.push((path.clone(), if stem == "mod" { depth } else { depth + 1 }));
        }
    }
}

/// The non-test code of top-level module `module` of the crate at `root`:
/// each file (relative to `root`) with its depth below the crate root and its
/// code, stripped of comments, literals and test items. `tests.rs` files and
/// out-of-line test modules are left out.
fn non_test_code(root: &Path, module: &str) -> Vec<(String, usize, String)> {
    let src = root.join("src");
    let mut files = Vec::new();
    let mut test_files: BTreeSet<PathBuf> = BTreeSet::new();
    for (path, depth) in module_files(&src, module) {
        let name = path.file_name().unwrap().to_str().unwrap();
        if name == "tests.rs" || test_files.contains(&path) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let (code, test_mods) = without_test_items(&strip_comments_and_literals(&text));
        // Where this file's out-of-line submodules live.
        let dir = if name == "mod.rs" {
            path.parent().unwrap().to_path_buf()
        } else {
            path.with_extension("")
        };
        for m in test_mods {
            test_files.insert(dir.join(format!("{m}.rs")));
            test_files.insert(dir.join(&m).join("mod.rs"));
        }
        let relative = path
            .strip_prefix(root)
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        files.push((relative, depth, code));
    }
    files
}

/// The upward uses in the crate at `root`: (file, module used, the file's
/// module), allowlisted ones left out.
fn upward_uses(root: &Path, layers: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for (rank, &module) in layers.iter().enumerate() {
        for (relative, depth, code) in non_test_code(root, module) {
            for used in modules_used(&code, depth) {
                let Some(used_rank) = layers.iter().position(|&l| l == used) else {
                    continue;
                };
                let allowed = ALLOWED
                    .iter()
                    .any(|&(file, m, _)| file == relative && m == used);
                if used_rank > rank && !allowed {
                    found.push(format!(
                        "{relative} ({module}) uses {used}, a layer above it"
                    ));
                }
            }
        }
    }
    found
}

/// The `crate::` paths in every file of the layers, test code included
/// (`#[cfg(test)]` items, `tests.rs` files, out-of-line test modules), that
/// name a layer above the file's own: a unit test builds its boards and
/// helpers from its own layer or below, so a layer can be tested, and moved,
/// without the ones above it. `super::` paths are not followed here, since an
/// inline test module sits one level below its file.
fn upward_uses_in_all_code(root: &Path, layers: &[&str]) -> Vec<String> {
    let src = root.join("src");
    let mut found = Vec::new();
    for (rank, &module) in layers.iter().enumerate() {
        for (path, _) in module_files(&src, module) {
            let code = strip_comments_and_literals(&std::fs::read_to_string(&path).unwrap());
            for used in modules_used(&code, usize::MAX) {
                if layers.iter().position(|&l| l == used) > Some(rank) {
                    let relative = path.strip_prefix(root).unwrap().display();
                    found.push(format!(
                        "{relative} ({module}) uses {used}, a layer above it"
                    ));
                }
            }
        }
    }
    found
}

/// The modules that may name points and colors as GTP spells them (the
/// `board::vertex` module, also reachable as `gtp::vertex`): the protocol, the
/// SGF files and the match runner. Every other layer hands typed points up.
const SPELLERS: &[&str] = &["gtp", "sgf", "matches"];

/// The files outside [`SPELLERS`] whose non-test code names the `vertex`
/// module, `board/vertex.rs` itself and its declaration left out.
fn vertex_users(root: &Path, layers: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for &module in layers.iter().filter(|m| !SPELLERS.contains(m)) {
        for (relative, _, code) in non_test_code(root, module) {
            if relative == "src/board/vertex.rs" {
                continue;
            }
            let code = code.replace("mod vertex;", "");
            let names_it = code
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .any(|word| word == "vertex");
            if names_it {
                found.push(relative);
            }
        }
    }
    found
}

#[test]
fn no_module_uses_a_layer_above_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let upward = upward_uses(root, &koban::LAYERS);
    assert!(upward.is_empty(), "upward imports:\n{}", upward.join("\n"));
}

#[test]
fn no_test_code_uses_a_layer_above_it_either() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let upward = upward_uses_in_all_code(root, &koban::LAYERS);
    assert!(upward.is_empty(), "upward imports:\n{}", upward.join("\n"));
}

#[test]
fn a_planted_upward_use_in_a_test_file_fails_the_check() {
    let root = std::env::temp_dir().join(format!("koban-arch-tests-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("src/rules")).unwrap();
    std::fs::write(root.join("src/rules/mod.rs"), "#[cfg(test)]\nmod tests;\n").unwrap();
    std::fs::write(
        root.join("src/rules/tests.rs"),
        "use super::*;\nfn at() { crate::gtp::vertex::parse_point(\"A1\", &b); }\n",
    )
    .unwrap();
    std::fs::write(root.join("src/gtp.rs"), "use crate::rules::Rules;\n").unwrap();
    let found = upward_uses_in_all_code(&root, &["rules", "gtp"]);
    let non_test = upward_uses(&root, &["rules", "gtp"]);
    std::fs::remove_dir_all(&root).unwrap();
    assert_eq!(
        found,
        ["src/rules/tests.rs (rules) uses gtp, a layer above it"]
    );
    assert!(non_test.is_empty(), "{non_test:?}");
}

#[test]
fn only_the_protocol_the_sgf_files_and_the_match_runner_spell_vertices() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let users = vertex_users(root, &koban::LAYERS);
    assert!(
        users.is_empty(),
        "vertex names spelled below gtp: {users:?}"
    );
}

#[test]
fn a_planted_vertex_name_fails_the_check() {
    let text =
        "fn name(b: &Board, p: Point) -> String { crate::board::vertex::format_point(b, p) }";
    let root = std::env::temp_dir().join(format!("koban-arch-vertex-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("src/rules")).unwrap();
    std::fs::write(root.join("src/rules/mod.rs"), text).unwrap();
    std::fs::write(root.join("src/gtp.rs"), text).unwrap();
    let users = vertex_users(&root, &["rules", "gtp"]);
    std::fs::remove_dir_all(&root).unwrap();
    assert_eq!(users, ["src/rules/mod.rs"]);
}

#[test]
fn every_top_level_module_has_one_layer() {
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let code = strip_comments_and_literals(&lib);
    let mut declared: Vec<&str> = code
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let l = l.strip_prefix("pub ").unwrap_or(l);
            l.strip_prefix("mod ")?.strip_suffix(';')
        })
        .collect();
    declared.sort_unstable();
    let mut layers = koban::LAYERS.to_vec();
    layers.sort_unstable();
    assert_eq!(declared, layers, "src/lib.rs modules vs LAYERS");
}

#[test]
fn allowlisted_exceptions_are_still_needed() {
    // An exception whose import is gone must leave the list with it.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for &(file, used, _) in ALLOWED {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let (code, _) = without_test_items(&strip_comments_and_literals(&text));
        let depth = Path::new(file).components().count() - 2;
        assert!(
            modules_used(&code, depth).contains(used),
            "{file} no longer uses {used}: drop it from ALLOWED"
        );
    }
}

#[test]
fn the_checker_sees_upward_paths_and_ignores_tests_comments_and_strings() {
    let used = |text: &str, depth| {
        let (code, _) = without_test_items(&strip_comments_and_literals(text));
        modules_used(&code, depth).into_iter().collect::<Vec<_>>()
    };
    assert_eq!(used("use crate::gtp::vertex::format_point;", 2), ["gtp"]);
    assert_eq!(
        used("use crate::{board::{Board, Color}, gtp::vertex, rng};", 1),
        ["board", "gtp", "rng"]
    );
    assert_eq!(used("let x = crate :: mcts :: f();", 2), ["mcts"]);
    // `super::` leaves the top-level module only when it climbs past it.
    assert_eq!(used("use super::super::gtp::vertex;", 2), ["gtp"]);
    assert_eq!(used("use super::vertex;", 2), Vec::<String>::new());
    assert_eq!(used("use super::gtp;", 1), ["gtp"]);
    // Not code: comments, doc links, strings, test items.
    let quiet = r##"
        //! See [`crate::gtp`].
        /* crate::mcts */
        const S: &str = "crate::player";
        const R: &str = r#"crate::matches"#;
        const C: char = '"'; fn f<'a>(x: &'a str) -> &'a str { x }
        #[cfg(test)]
        mod tests { use crate::gtp::vertex; fn g() { if true { crate::mcts::h() } } }
        #[cfg(test)]
        fn helper() { crate::gtp::x() }
        #[cfg(test)]
        mod testfile;
        use crate::board::Board;
    "##;
    assert_eq!(used(quiet, 1), ["board"]);
    let (_, test_mods) = without_test_items(&strip_comments_and_literals(quiet));
    assert_eq!(test_mods, ["testfile"]);
}

/// The upward uses the check finds in a copy of the crate's sources with
/// `line` added to `file`.
fn upward_uses_with_planted(file: &str, line: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tag = file.replace(['/', '.'], "-");
    let scratch = std::env::temp_dir().join(format!("koban-arch-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    copy_dir(&root.join("src"), &scratch.join("src"));
    let planted = scratch.join(file);
    let text = std::fs::read_to_string(&planted).unwrap();
    std::fs::write(&planted, format!("{text}\n{line}\n")).unwrap();
    let upward = upward_uses(&scratch, &koban::LAYERS);
    std::fs::remove_dir_all(&scratch).unwrap();
    upward
}

#[test]
fn a_planted_upward_import_fails_the_check() {
    let upward =
        upward_uses_with_planted("src/board/mod.rs", "use crate::gtp::vertex as _planted;");
    assert!(
        upward
            .iter()
            .any(|u| u.starts_with("src/board/mod.rs (board) uses gtp")),
        "{upward:?}"
    );
}

#[test]
fn the_knowledge_layer_sits_between_the_rules_and_the_search() {
    let at = |name| koban::LAYERS.iter().position(|&l| l == name).unwrap();
    for below in ["board", "tactics", "playout", "rules", "game", "sgf"] {
        assert!(at(below) < at("knowledge"), "{below}");
    }
    assert!(at("knowledge") < at("mcts"));
    // Knowledge that reached into the search's parameters would be flagged.
    let upward = upward_uses_with_planted(
        "src/knowledge/heavy.rs",
        "use crate::mcts::Tunables as _planted;",
    );
    assert_eq!(
        upward,
        ["src/knowledge/heavy.rs (knowledge) uses mcts, a layer above it"]
    );
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}
