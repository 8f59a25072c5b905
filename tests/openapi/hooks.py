"""Schemathesis hooks for the API run: every generated request names the seeded store, so
most calls reach their logic rather than a 403 or 404; the calls that create things are made
plausible half of the time, so the stateful phase follows links on real ids; and one check of
our own."""

import json
import os
import time
import zlib

import schemathesis

STORE = os.environ["CLOCKTO_STORE"]
ROLE = os.environ["CLOCKTO_ROLE"]
STORE_KEYS = ("store", "storeId")
HOUR = 3_600_000


def half(body) -> bool:
    """Half of the cases, chosen by the body itself, so a run is the same for the same seed."""
    return zlib.crc32(json.dumps(body, sort_keys=True, default=str).encode()) % 2 == 0


def plausible(call: str, body: dict) -> None:
    """Makes the calls that create things plausible in half of the cases (times the rules
    accept), so the calls linked from their answers get real ids to work on; the other half
    stays as generated."""
    tomorrow = (int(time.time()) // 3600 + 24) * HOUR
    if call == "createShift":
        body.update(start=tomorrow, end=tomorrow + 4 * HOUR, repeat=[], assigned=None, role=ROLE)
    elif call == "requestTimeOff":
        body.update(start=tomorrow + 48 * HOUR, end=tomorrow + 50 * HOUR, entireDay=False)
    elif call == "createRole":
        body["roleData"] = {"title": "Runner", "color": "#336699"}
    elif call == "startProposedShift":
        body.update(title="Inventory", role=ROLE, location=None, token=None, punchedAt=None, sentAt=None)
    elif call == "userSubmission":
        # A demo at tomorrow's hour, the trap left empty: the request is stored (once; the
        # same time again is taken, 409).
        body.update(name="Dana Demo", email="dana@example.com", phonenumber="+49 30 1234567", category="demo", slot=tomorrow, website=None)


@schemathesis.hook
def map_body(ctx, body):
    if isinstance(body, dict):
        for key in STORE_KEYS:
            if key in body:
                body[key] = STORE
        call = ctx.operation.path.rsplit("/", 1)[-1]
        if half(body):
            plausible(call, body)
    return body


@schemathesis.hook
def map_path_parameters(ctx, path_parameters):
    if path_parameters and "storeId" in path_parameters:
        path_parameters["storeId"] = STORE
    return path_parameters


@schemathesis.check
def schema_valid_bodies_parse(ctx, response, case):
    """A body the API document calls valid must get past the server's parser: a refusal as an
    unreadable body means the document and the code disagree about the call's input."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    try:
        error = response.json()
    except ValueError:
        return None
    message = error.get("message", "") if isinstance(error, dict) else ""
    if message.startswith("Invalid request body"):
        raise AssertionError(f"A body valid by the API document was not understood: {message}")
    return None
