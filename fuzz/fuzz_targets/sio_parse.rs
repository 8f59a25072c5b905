//! Socket.IO: a packet parsed, its event read, and its encoding parsed again.
#![no_main]

// Each target uses one of the shared checks.
#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::sio_parse(data));
