"""Schemathesis hooks for the API run: every generated request names the seeded store, so
most calls reach their logic rather than a 403 or 404, and one check of our own."""

import os

import schemathesis

STORE = os.environ["CLOCKTO_STORE"]
STORE_KEYS = ("store", "storeId")


@schemathesis.hook
def map_body(ctx, body):
    if isinstance(body, dict):
        for key in STORE_KEYS:
            if key in body:
                body[key] = STORE
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
