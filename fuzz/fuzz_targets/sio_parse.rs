//! Socket.IO: a packet parsed, its event read, and its encoding parsed again.
#![no_main]

use backend::realtime::sio::Packet;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(packet) = Packet::parse(text) {
        let _ = packet.event();
        let again = Packet::parse(&packet.encode());
        assert!(again.is_ok(), "an encoded packet parses");
    }
});
