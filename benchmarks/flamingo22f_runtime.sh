#!/usr/bin/env bash
# Runtime check of open_flamingo's Flamingo._encode_vision_x (docs/triage-issue22-f-fixes-a.md), through
# benchmarks/flamingo22f_cases.py. Needs the corpus in C4 (/tmp/corp4) and round c's stub finder in STUB
# (/tmp/lrstub) for open_clip, which open_flamingo imports at module level, and einops-exts (its perceiver uses it)
# in F22DEPS (`pip install --no-deps --target /tmp/f22f/deps einops-exts`; never installed into the environment).
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/t22f/runtime}
C4=${C4:-/tmp/corp4}
mkdir -p "$OUT"
export LRSTUBS=${LRSTUBS:-open_clip}
export PYTHONPATH="$PWD:${STUB:-/tmp/lrstub}:${F22DEPS:-/tmp/f22f/deps}:$C4/open_flamingo"
timeout 600 python -m offload_lint confirm open_flamingo.src.flamingo:Flamingo _encode_vision_x \
    --factory benchmarks.flamingo22f_cases:flamingo --call benchmarks.flamingo22f_cases:encode_vision --level block \
    --timeout 180 --backend tracking --output-format json > "$OUT/flamingo_encode_vision.json" 2> "$OUT/flamingo_encode_vision.err"
python -c 'import json,sys; d=json.load(open(sys.argv[1])); [print(k, v["verdict"], v.get("evidence","")[:600]) for k, v in d["levels"].items()]' "$OUT/flamingo_encode_vision.json"
