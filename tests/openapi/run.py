"""Runs schemathesis against a real server on a fresh database with the demo store, signed in
as its owner, and prints how many requests ran and the longest one took."""

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
# Its log, report and schemathesis' example database: beside the server's build.
OUT = Path(os.environ.get("CLOCKTO_CACHE", ROOT / "target")) / "api-fuzz"
BINARY = os.environ.get("BACKEND_BIN", str(ROOT / "target" / "debug" / "backend"))
# Calls that would end the owner's session mid-run.
SESSION_ENDERS = ["logout", "logoutEverywhere", "authenticatedResetPassword"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def psql(admin_url: str, sql: str) -> None:
    subprocess.run(["psql", admin_url, "-q", "-c", sql], check=True)


def request(base: str, path: str, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method="POST" if body is not None else "GET")
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def wait_for_assistant(base: str, token: str, store: str) -> None:
    """Waits until the voice assistant's speech worker answers (it loads its models after the
    server is ready), so a generated command is not refused as unavailable."""
    boundary = "clockto-api-fuzz"
    body = "".join(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'
        for k, v in (("storeId", store), ("text", "help"))
    ) + f"--{boundary}--\r\n"
    deadline = time.monotonic() + 90
    while True:
        req = urllib.request.Request(f"{base}/api/v1/voice-assistant", data=body.encode(), method="POST")
        req.add_header("Authorization", f"Bearer {token}")
        req.add_header("Content-Type", f"multipart/form-data; boundary={boundary}")
        try:
            with urllib.request.urlopen(req, timeout=30):
                return
        except urllib.error.HTTPError as e:
            if e.code != 503 or time.monotonic() > deadline:
                raise SystemExit(f"the voice assistant did not answer: {e.code} {e.read()[:200]!r}")
        time.sleep(0.2)


def main() -> int:
    admin_url = os.environ.get("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    db = f"clockto_api_fuzz_{os.getpid()}"
    parts = urlsplit(admin_url)
    db_url = urlunsplit((parts.scheme, parts.netloc, f"/{db}", parts.query, ""))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    OUT.mkdir(parents=True, exist_ok=True)
    psql(admin_url, f"CREATE DATABASE {db}")
    data_dir = tempfile.mkdtemp(prefix="clockto-api-fuzz-")
    env = dict(
        os.environ,
        DATABASE_URL=db_url,
        BIND=f"127.0.0.1:{port}",
        SEED_DEMO="true",
        DATA_DIR=data_dir,
        RUST_LOG=os.environ.get("RUST_LOG", "warn"),
    )
    log = open(OUT / "server.log", "w")
    server = subprocess.Popen([BINARY], env=env, stdout=log, stderr=log)
    try:
        for _ in range(200):
            try:
                request(base, "/ready")
                break
            except OSError:
                time.sleep(0.1)
        session = request(base, "/api/v1/login", {"email": "owner@example.com", "password": "demo1234"})
        token = session["data"]["token"]
        me = request(base, "/api/v1/me", token=token)
        store = me["data"]["stores"][0]["id"]
        role = request(base, f"/api/v1/stores/{store}/roles", token=token)["data"][0]["id"]
        wait_for_assistant(base, token, store)
        har = OUT / "run.har"
        command = [
            str(OUT / "venv" / "bin" / "st"),
            "--config-file",
            str(HERE / "schemathesis.toml"),
            "run",
            f"{base}/api/v1/openapi.json",
            "--url",
            base,
            "-H",
            f"Authorization: Bearer {token}",
            "--checks",
            "not_a_server_error,response_schema_conformance,positive_data_acceptance,schema_valid_bodies_parse",
            "--report",
            "har",
            "--report-har-path",
            str(har),
            "--seed",
            os.environ.get("API_FUZZ_SEED", "20261123"),
            "--no-color",
        ]
        for name in SESSION_ENDERS:
            command += ["--exclude-path", f"/api/v1/{name}"]
        started = time.monotonic()
        # Schemathesis keeps its example database in its working directory: OUT.
        result = subprocess.run(
            command,
            cwd=OUT,
            env=dict(
                os.environ,
                CLOCKTO_STORE=store,
                CLOCKTO_ROLE=role,
                SCHEMATHESIS_HOOKS="hooks",
                PYTHONPATH=str(HERE),
            ),
        )
        took = time.monotonic() - started
        entries = json.loads(har.read_text())["log"]["entries"] if har.exists() else []
        longest = max(entries, key=lambda e: e.get("time", 0), default=None)
        print(f"api fuzz: {len(entries)} requests in {took:.0f} s", end="")
        if longest:
            print(
                f"; longest {longest['time']:.0f} ms "
                f"({longest['request']['method']} {urlsplit(longest['request']['url']).path})"
            )
        else:
            print()
        return result.returncode
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
        psql(admin_url, f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")


if __name__ == "__main__":
    sys.exit(main())
