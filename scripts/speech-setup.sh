#!/usr/bin/env bash
# Makes the speech worker runnable: a Python venv under the build cache with the pinned
# packages of speech/requirements.txt (installed only when the requirements changed), and
# Debian's espeak-ng (the other languages' voices) when missing. Prints the command that
# starts the worker, which the server takes as SPEECH_WORKER.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cache.sh

venv="$CLOCKTO_CACHE/speech-venv"
stamp="$venv/.requirements"
apt_install() {
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@") >&2
}
# Debian's python3 makes a venv only with python3-venv, which brings ensurepip.
command -v python3 >/dev/null && python3 -c 'import ensurepip' 2>/dev/null || apt_install python3 python3-venv
if ! cmp -s speech/requirements.txt "$stamp" 2>/dev/null; then
  echo "speech: installing the worker's packages into $venv..." >&2
  rm -rf "$venv"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-cache-dir \
    -r speech/requirements.txt >&2
  cp speech/requirements.txt "$stamp"
fi
if ! command -v espeak-ng >/dev/null; then
  echo "speech: installing espeak-ng..." >&2
  apt_install espeak-ng ||
    echo "speech: espeak-ng could not be installed; answers in German, Spanish and Persian stay silent" >&2
fi
echo "$venv/bin/python $PWD/speech/worker.py"
