//! The patched copy of actix-http (`vendor/actix-http`, see `vendor/README.md`) is what the
//! workspace builds, the server and the fuzz targets. With `[patch.crates-io]`, cargo only
//! warns, and builds the registry's crate, when the copy's version is not the one the
//! dependencies resolve to (an upgrade of actix-web can move actix-http on). So the lock file
//! must name actix-http once, at the copy's version, from a path (no `source`); and the
//! workspace must not claim to build on an older Rust than the copy needs.

use std::path::Path;

/// A file of the repository, by its path from the root.
fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("read {}: {e}", full.display()))
}

/// The value of `key = "..."` in a manifest's `[section]`.
fn manifest_value(manifest: &str, section: &str, key: &str) -> Option<String> {
    let header = format!("[{section}]");
    manifest
        .lines()
        .map(str::trim)
        .skip_while(|l| *l != header)
        .skip(1)
        .take_while(|l| !l.starts_with('['))
        .find_map(|l| quoted_value(l, key))
}

/// `value` of a line `key = "value"`.
fn quoted_value(line: &str, key: &str) -> Option<String> {
    let (k, v) = line.split_once('=')?;
    if k.trim() != key {
        return None;
    }
    Some(v.trim().trim_matches('"').to_string())
}

/// One `[[package]]` entry of a lock file.
#[derive(Debug, PartialEq)]
struct Locked {
    version: Option<String>,
    source: Option<String>,
}

/// The entries of a lock file for the package `name`.
fn locked(lock: &str, name: &str) -> Vec<Locked> {
    lock.split("[[package]]")
        .skip(1)
        .filter(|entry| {
            entry
                .lines()
                .find_map(|l| quoted_value(l, "name"))
                .is_some_and(|n| n == name)
        })
        .map(|entry| Locked {
            version: entry.lines().find_map(|l| quoted_value(l, "version")),
            source: entry.lines().find_map(|l| quoted_value(l, "source")),
        })
        .collect()
}

/// `1.89` or `1.89.0` as comparable numbers (a missing part is 0).
fn rust_version(text: &str) -> [u32; 3] {
    let mut parts = text.split('.').map(|p| {
        p.parse::<u32>()
            .unwrap_or_else(|_| panic!("rust-version {text:?}"))
    });
    [(); 3].map(|()| parts.next().unwrap_or(0))
}

fn vendored_manifest() -> String {
    read("vendor/actix-http/Cargo.toml")
}

fn vendored_version() -> String {
    manifest_value(&vendored_manifest(), "package", "version").expect("the copy's version")
}

fn assert_patched(lock_file: &str) {
    let entries = locked(&read(lock_file), "actix-http");
    assert_eq!(
        entries,
        vec![Locked {
            version: Some(vendored_version()),
            source: None,
        }],
        "{lock_file} must lock actix-http once, at vendor/actix-http's version and from its \
         path (no `source`). A registry entry means the patch is no longer applied: bring \
         vendor/actix-http to the version the dependencies now need (vendor/README.md), or \
         add the `[patch.crates-io]` entry this workspace lacks"
    );
}

#[test]
fn the_server_builds_the_patched_actix_http() {
    assert_patched("Cargo.lock");
}

#[test]
fn the_workspace_claims_no_older_rust_than_the_patched_actix_http_needs() {
    let workspace = manifest_value(&read("Cargo.toml"), "workspace.package", "rust-version")
        .expect("the workspace's rust-version");
    let vendored = manifest_value(&vendored_manifest(), "package", "rust-version")
        .expect("the copy's rust-version");
    assert!(
        rust_version(&workspace) >= rust_version(&vendored),
        "the workspace's rust-version {workspace} is older than vendor/actix-http's {vendored}"
    );
}

#[test]
fn lock_entries_and_versions_are_read_as_cargo_writes_them() {
    let lock = "version = 4\n\n[[package]]\nname = \"actix-http\"\nversion = \"3.20.0\"\n\
                source = \"registry+https://github.com/rust-lang/crates.io-index\"\n\n\
                [[package]]\nname = \"actix-http-test\"\nversion = \"3.2.0\"\n";
    assert_eq!(
        locked(lock, "actix-http"),
        vec![Locked {
            version: Some("3.20.0".into()),
            source: Some("registry+https://github.com/rust-lang/crates.io-index".into()),
        }]
    );
    assert!(rust_version("1.89") > rust_version("1.88.1"));
    assert_eq!(rust_version("1.95"), [1, 95, 0]);
    let manifest = "[package]\nname = \"x\"\n\n[workspace.package]\nrust-version = \"1.9\"\n";
    assert_eq!(
        manifest_value(manifest, "workspace.package", "rust-version").as_deref(),
        Some("1.9")
    );
    assert_eq!(manifest_value(manifest, "package", "rust-version"), None);
}
