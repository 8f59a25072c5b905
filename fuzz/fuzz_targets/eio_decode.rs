//! Engine.IO: a long-polling body split into packets, each decoded, and encoded back.
#![no_main]

// Each target uses one of the shared checks.
#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::eio_decode(data));
