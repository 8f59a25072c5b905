//! Engine.IO: a long-polling body split into packets, each decoded, and encoded back.
#![no_main]

use backend::realtime::eio;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(body) = std::str::from_utf8(data) else {
        return;
    };
    for frame in eio::split_payload(body) {
        if let Ok(packet) = eio::decode(frame) {
            // What decodes encodes back to the same frame.
            assert_eq!(eio::encode(packet.kind, packet.data), frame);
        }
    }
});
