//! What each fuzz target checks of one input, shared by the libFuzzer targets
//! (`fuzz_targets/`) and the backend's ordinary tests (`backend/tests/fuzz_seeds.rs`), which
//! replay the seeds and every input a fuzzing run ever failed on.

use backend::calls::Registry;
use backend::realtime::{eio, sio::Packet};
use std::sync::OnceLock;

/// Engine.IO: a long-polling body split into packets; what decodes encodes back to the same
/// frame.
pub fn eio_decode(data: &[u8]) {
    let Ok(body) = std::str::from_utf8(data) else {
        return;
    };
    for frame in eio::split_payload(body) {
        if let Ok(packet) = eio::decode(frame) {
            assert_eq!(eio::encode(packet.kind, packet.data), frame);
        }
    }
}

/// Socket.IO: a packet parsed, its event read, and its encoding parsed again.
pub fn sio_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(packet) = Packet::parse(text) {
        let _ = packet.event();
        let again = Packet::parse(&packet.encode());
        assert!(again.is_ok(), "an encoded packet parses");
    }
}

fn registry() -> &'static (Registry, Vec<&'static str>) {
    static REGISTRY: OnceLock<(Registry, Vec<&'static str>)> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let registry = backend::api::registry();
        let names = registry.names().collect();
        (registry, names)
    })
}

/// The calls' input: a JSON body read as one of the calls would read it (the first byte
/// chooses the call). Reading never panics, whatever the body.
pub fn call_body(data: &[u8]) {
    let Some((&choice, body)) = data.split_first() else {
        return;
    };
    let Ok(payload) = serde_json::from_slice(body) else {
        return;
    };
    let (registry, names) = registry();
    let name = names[usize::from(choice) % names.len()];
    let _ = registry.parse(name, payload);
}

/// The blog's Markdown: whatever a post's text holds, its rendering keeps no way to run a
/// script (`render::scriptless`: no unsafe element, handler, style or script address).
pub fn blog_render(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let html = backend::domain::blog::render::render(text).html;
    if let Err(found) = backend::domain::blog::render::scriptless(&html) {
        panic!("{found} in {html:?}");
    }
}
