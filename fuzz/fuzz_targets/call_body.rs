//! The calls' input: a JSON body read as one of the calls would read it (the first byte
//! chooses the call).
#![no_main]

use backend::calls::Registry;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn registry() -> &'static (Registry, Vec<&'static str>) {
    static REGISTRY: OnceLock<(Registry, Vec<&'static str>)> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let registry = backend::api::registry();
        let names = registry.names().collect();
        (registry, names)
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&choice, body)) = data.split_first() else {
        return;
    };
    let Ok(payload) = serde_json::from_slice(body) else {
        return;
    };
    let (registry, names) = registry();
    let name = names[usize::from(choice) % names.len()];
    let _ = registry.parse(name, payload);
});
