#!/usr/bin/env bash
# Export the corpus of triage round ak (benchmarks/triage22ak/VERSIONS): the .py files of the transformers 5.24.0 wheel
# (unpacked at $SRC, default /tmp/pkgs/tf524/transformers) into $CORPORA/transformers (default /tmp/corp35), the package
# as users install it. The wheel's sha256 is in VERSIONS; $WHEEL (default /tmp/pkgs/transformers-5.24.0-py3-none-any.whl)
# is checked against it when present.
set -eu
cd "$(dirname "$0")/../.."
SRC=${SRC:-/tmp/pkgs/tf524/transformers}
DST=${CORPORA:-/tmp/corp35}/transformers
WHEEL=${WHEEL:-/tmp/pkgs/transformers-5.24.0-py3-none-any.whl}
want=$(awk '$1=="transformers"{print $4}' benchmarks/triage22ak/VERSIONS)
if [ -f "$WHEEL" ]; then
    got=$(sha256sum "$WHEEL" | cut -d' ' -f1)
    [ "$got" = "$want" ] || { echo "wheel sha256 $got != $want" >&2; exit 1; }
fi
rm -rf "$DST"; mkdir -p "$DST"
(cd "$SRC" && find . -name '*.py' -not -path '*/__pycache__/*' -exec cp --parents -p {} "$DST" \;)
echo "$(find "$DST" -name '*.py' | wc -l) .py files in $DST"
