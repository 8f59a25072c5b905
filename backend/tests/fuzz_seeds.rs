//! The fuzz targets' checks over their checked-in seeds (`fuzz/seeds/<target>/`) and the
//! inputs a fuzzing run failed on (`fuzz/regressions/<target>/`), in the ordinary test build:
//! every test run replays them, and the coverage-guided run (`scripts/fuzz.sh`) explores
//! beyond them.

#[path = "../../fuzz/checks.rs"]
mod checks;

use std::path::Path;

/// Every input kept for a target; at least one seed must be there.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut out = Vec::new();
    for kind in ["seeds", "regressions"] {
        let Ok(dir) = std::fs::read_dir(fuzz.join(kind).join(target)) else {
            continue;
        };
        for entry in dir {
            let path = entry.expect("entry").path();
            let bytes = std::fs::read(&path).expect("read input");
            out.push((path.display().to_string(), bytes));
        }
    }
    assert!(
        out.iter().any(|(p, _)| p.contains("/seeds/")),
        "no seeds for {target}"
    );
    out
}

fn replay(target: &str, check: fn(&[u8])) {
    for (path, bytes) in inputs(target) {
        if std::panic::catch_unwind(|| check(&bytes)).is_err() {
            panic!("{target} fails on {path}");
        }
    }
}

#[test]
fn engine_io_decoder_seeds() {
    replay("eio_decode", checks::eio_decode);
}

#[test]
fn socket_io_parser_seeds() {
    replay("sio_parse", checks::sio_parse);
}

#[test]
fn call_input_seeds() {
    replay("call_body", checks::call_body);
}

#[test]
fn blog_render_seeds() {
    replay("blog_render", checks::blog_render);
}
