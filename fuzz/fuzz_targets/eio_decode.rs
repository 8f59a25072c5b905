//! Engine.IO: a long-polling body split into packets, each decoded, and encoded back.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::eio_decode(data));
