//! The shape of the source tree: module dependencies form no circle, and no file outside
//! `store/` and `db/` writes a store's tables. Read from the sources, so a change that breaks
//! either fails here with the files that do.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `src/`, by its module path (`["store", "actor", "members"]`).
fn modules() -> BTreeMap<Vec<String>, (PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("rs") {
                continue;
            }
            let rel = path
                .strip_prefix(&root)
                .expect("under src")
                .with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            let text = std::fs::read_to_string(&path).expect("read file");
            // Unit tests may reach anywhere.
            let code = match text.find("#[cfg(test)]") {
                Some(at) => text[..at].to_string(),
                None => text,
            };
            let code = code
                .lines()
                .map(|l| l.split("//").next().unwrap_or(""))
                .collect::<Vec<_>>()
                .join("\n");
            out.insert(parts, (rel, code));
        }
    }
    out
}

/// The module a path names: its longest prefix that is a file.
fn resolve<'a>(
    mods: &'a BTreeMap<Vec<String>, (PathBuf, String)>,
    path: &[String],
) -> Option<&'a Vec<String>> {
    (1..=path.len())
        .rev()
        .find_map(|n| mods.get_key_value(&path[..n]).map(|(k, _)| k))
}

/// The paths a `use crate::...;` tree names, braces expanded.
fn use_paths(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut depth = 0;
        let mut start = 0;
        let mut base = prefix.to_vec();
        base.extend(head);
        for (i, ch) in inner.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    use_paths(&base, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        use_paths(&base, &inner[start..], out);
        return;
    }
    let mut path = prefix.to_vec();
    let item = tree.split(" as ").next().unwrap_or(tree);
    path.extend(
        item.split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "self")
            .map(String::from),
    );
    if !path.is_empty() {
        out.push(path);
    }
}

/// Module dependencies: `use crate::...`, `crate::...` paths in code, and `mod` declarations.
fn dependencies(
    mods: &BTreeMap<Vec<String>, (PathBuf, String)>,
) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
    let mut graph = BTreeMap::new();
    for (module, (_, code)) in mods {
        let mut named = Vec::new();
        let parent = &module[..module.len().saturating_sub(1)];
        for (keyword, base) in [
            ("use crate::", &[][..]),
            ("use super::", parent),
            ("use self::", &module[..]),
        ] {
            let mut rest = code.as_str();
            while let Some(at) = rest.find(keyword) {
                let tail = &rest[at + keyword.len()..];
                let end = tail.find(';').unwrap_or(tail.len());
                use_paths(base, &tail[..end], &mut named);
                rest = &tail[end..];
            }
        }
        // Paths through `super::` written inline, not only in `use` lines.
        let mut rest = code.as_str();
        while let Some(at) = rest.find("super::") {
            let tail = &rest[at + "super::".len()..];
            let before = &rest[..at];
            if before.ends_with("use ") || before.ends_with('"') {
                rest = tail;
                continue;
            }
            let end = tail.find(|c: char| !ident(c)).unwrap_or(tail.len());
            let mut p = parent.to_vec();
            p.extend(
                tail[..end]
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(String::from),
            );
            named.push(p);
            rest = &tail[end..];
        }
        let mut rest = code.as_str();
        while let Some(at) = rest.find("crate::") {
            let tail = &rest[at + "crate::".len()..];
            // Text in a string (a document's tag) names no module.
            if rest[..at].ends_with('"') {
                rest = tail;
                continue;
            }
            let end = tail.find(|c: char| !ident(c)).unwrap_or(tail.len());
            named.push(
                tail[..end]
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect(),
            );
            rest = &tail[end..];
        }
        for line in code.lines() {
            let line = line.trim();
            let decl = line
                .strip_prefix("pub mod ")
                .or_else(|| line.strip_prefix("pub(crate) mod "))
                .or_else(|| line.strip_prefix("mod "));
            if let Some(name) = decl.and_then(|d| d.strip_suffix(';')) {
                let mut child = module.clone();
                child.push(name.trim().to_string());
                named.push(child);
            }
        }
        let targets: BTreeSet<Vec<String>> = named
            .iter()
            .filter_map(|p| resolve(mods, p))
            .filter(|t| *t != module && !t.is_empty())
            .cloned()
            .collect();
        graph.insert(module.clone(), targets);
    }
    graph
}

/// The strongly connected groups of more than one module (Tarjan).
fn circles(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'a Vec<String>, usize>,
        low: BTreeMap<&'a Vec<String>, usize>,
        stack: Vec<&'a Vec<String>>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a Vec<String>) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(lw);
                } else if self.stack.contains(&w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    group.push(w.join("::"));
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.found.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.found
}

#[test]
fn the_modules_depend_on_each_other_without_circles() {
    let mods = modules();
    assert!(mods.len() > 50, "found only {} modules", mods.len());
    let graph = dependencies(&mods);
    // The walk sees real edges (a sanity check of the parser).
    let shift_edits = graph
        .get(["api", "shifts", "edits"].map(String::from).as_slice())
        .expect("api::shifts::edits");
    assert!(shift_edits
        .iter()
        .any(|t| t.first().map(String::as_str) == Some("store")));
    assert_eq!(circles(&graph), Vec::<Vec<String>>::new());
}

#[test]
fn the_lower_layers_import_no_layer_above_them() {
    let mods = modules();
    let graph = dependencies(&mods);
    let layer = |m: &Vec<String>| m.first().cloned().unwrap_or_default();
    let forbidden: &[(&str, &[&str])] = &[
        (
            "domain",
            &[
                "db", "store", "calls", "api", "realtime", "site", "jobs", "startup", "auth",
            ],
        ),
        (
            "db",
            &[
                "store", "calls", "api", "realtime", "site", "jobs", "startup",
            ],
        ),
        (
            "store",
            &["calls", "api", "realtime", "site", "jobs", "startup"],
        ),
        ("jobs", &["calls", "api", "realtime", "site", "startup"]),
        (
            "billing",
            &[
                "db", "store", "calls", "api", "realtime", "site", "jobs", "startup",
            ],
        ),
        ("calls", &["api", "realtime", "site", "startup"]),
        // The speech worker's client knows the domain's words and nothing of the store.
        (
            "speech",
            &[
                "db", "store", "calls", "api", "realtime", "site", "jobs", "startup", "auth",
                "billing",
            ],
        ),
        // The transports sit side by side: none imports another.
        ("realtime", &["api", "site", "startup"]),
        ("api", &["realtime", "site", "startup"]),
        ("site", &["api", "realtime", "startup"]),
    ];
    let mut wrong = Vec::new();
    for (module, targets) in &graph {
        for (low, above) in forbidden {
            if layer(module) != *low {
                continue;
            }
            for t in targets {
                if above.contains(&layer(t).as_str()) {
                    wrong.push(format!("{} -> {}", module.join("::"), t.join("::")));
                }
            }
        }
    }
    assert_eq!(wrong, Vec::<String>::new());
}

#[test]
fn only_the_store_and_its_models_write_a_stores_tables() {
    // What writing looks like: a raw statement, or one of the models' writers.
    let writers = [
        "diesel::insert_into(",
        "diesel::update(",
        "diesel::delete(",
        "StoreEvent::append(",
        ".upsert(",
        "upsert_many(",
        "delete_many(",
        "save_settings(",
        "delete_of_employee(",
        "mark_seen(",
        "Notification::delete(",
        "PushSubscription::remove",
        "keep_newest(",
        "release_endpoint(",
        "NewLog",
        "NewStore {",
        "NewRole {",
        "NewEmployee {",
    ];
    // Tables of no store: accounts and their one-time codes, the delivery queue, a person's
    // notification settings.
    let allowed = |file: &str, line: &str| {
        line.contains("users::table")
            || line.contains("NotificationSetting::")
            || (file.starts_with("seed")
                && (line.contains("NewStore {")
                    || line.contains("NewRole {")
                    || line.contains("NewEmployee {")))
            || (file.starts_with("api/owner")
                && (line.contains("NewStore {") || line.contains("NewEmployee {")))
    };
    let mut found = Vec::new();
    for (module, (file, code)) in modules() {
        if matches!(module.first().map(String::as_str), Some("store" | "db")) {
            continue;
        }
        let file = file.to_string_lossy().replace('\\', "/");
        for (n, line) in code.lines().enumerate() {
            if writers.iter().any(|w| line.contains(w)) && !allowed(&file, line) {
                found.push(format!("{file}.rs:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert_eq!(found, Vec::<String>::new());
}

/// The tables a store owns: every table of `db/schema.rs` with a `store_id` column, and
/// `stores` itself.
fn store_tables() -> BTreeSet<String> {
    let schema =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/db/schema.rs"))
            .expect("read the schema");
    let header = regex_lite::Regex::new(r"^\s*(\w+) \(").expect("a pattern");
    let mut tables = BTreeSet::from(["stores".to_string()]);
    let mut current: Option<String> = None;
    for line in schema.lines() {
        if line.contains("diesel::table!") {
            current = None;
        } else if current.is_none() {
            current = header.captures(line).map(|c| c[1].to_string());
        } else if line.trim_start().starts_with("store_id ->") {
            tables.extend(current.clone());
        }
    }
    tables
}

/// The writes to a store's tables in `code`: Diesel's `insert_into`, `update` and `delete`
/// however they are imported and however their statement is laid out, and raw SQL.
fn store_writes(code: &str, tables: &BTreeSet<String>) -> Vec<String> {
    let call = regex_lite::Regex::new(r"\b(insert_into|update|delete)\s*\(").expect("a pattern");
    let names = tables.iter().cloned().collect::<Vec<_>>().join("|");
    let table = regex_lite::Regex::new(&format!(r"\b({names})::(table\b|\w+)")).expect("a pattern");
    let sql = regex_lite::Regex::new(&format!(
        r"(?i)\b(insert\s+into\s+({names})\b|update\s+({names})\s+set\b|delete\s+from\s+({names})\b)"
    ))
    .expect("a pattern");
    let mut found = Vec::new();
    for m in call.find_iter(code) {
        // The call's argument, up to its closing parenthesis.
        let rest = &code[m.end()..];
        let mut depth = 1;
        let end = rest
            .char_indices()
            .find(|(_, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                depth == 0
            })
            .map_or(rest.len(), |(i, _)| i);
        if let Some(t) = table.captures(&rest[..end]) {
            found.push(format!("{}({}", m.as_str().trim_end_matches('('), &t[0]));
        }
    }
    found.extend(sql.find_iter(code).map(|m| m.as_str().to_string()));
    found
}

#[test]
fn no_statement_outside_the_store_writes_a_stores_tables() {
    let tables = store_tables();
    for t in [
        "shifts",
        "clock_sessions",
        "shift_proposals",
        "employees",
        "stores",
    ] {
        assert!(tables.contains(t), "{t} is a store's table: {tables:?}");
    }
    assert!(!tables.contains("users"), "accounts belong to no store");
    // The check finds writes however they are spelled (a sanity check of the scanner).
    let caught = store_writes(
        "use diesel::{delete, update};\n\
         update(shifts::table.find(id))\n    .set(shifts::title.eq(t))\n\
         delete(\n  clock_sessions::table.filter(clock_sessions::id.eq(x)),\n)\n\
         diesel::insert_into(employees::table).values(&row)\n\
         sql_query(\"DELETE FROM shift_proposals WHERE id = $1\")\n\
         \"You don't have permission to update employees\"\n\
         sql_query(\"UPDATE shifts SET title = $1\")\n\
         diesel::update(users::table.find(id))\n\
         hasher.update(bytes)",
        &tables,
    );
    assert_eq!(
        caught,
        [
            "update(shifts::table",
            "delete(clock_sessions::table",
            "insert_into(employees::table",
            "DELETE FROM shift_proposals",
            "UPDATE shifts SET",
        ]
    );
    let mut found = Vec::new();
    for (module, (file, code)) in modules() {
        if matches!(module.first().map(String::as_str), Some("store" | "db")) {
            continue;
        }
        for write in store_writes(&code, &tables) {
            found.push(format!("{}.rs: {write}", file.to_string_lossy()));
        }
    }
    assert_eq!(found, Vec::<String>::new());
}
