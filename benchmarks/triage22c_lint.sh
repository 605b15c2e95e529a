#!/usr/bin/env bash
# Lint the issue-22 "c" triage corpora (docs/triage-issue22-c.md) with this checkout, one findings file per corpus;
# OFL000 (a file Python 3.11 cannot parse: lerobot's and torch's Python 3.12 syntax) is left out of the sample.
# Corpora: C2=/tmp/corp2 holds the git archives named in the doc; torch and deepspeed are the installed packages.
set -eu
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/t22c}
C2=${C2:-/tmp/corp2}
SP=$(python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
mkdir -p "$OUT"
lint() { (cd /tmp && PYTHONPATH="$OLDPWD" python -m offload_lint "$2" --no-cache --output-format json --exit-zero) > "$OUT/raw_$1.json"; }
lint lerobot "$C2/lerobot"
lint open_clip "$C2/open_clip"
lint torch "$SP/torch"
lint dinov2 "$C2/dinov2"
for repo in vit-pytorch CLIP segment-anything whisper flux generative-models; do lint "$repo" "$C2/$repo"; done
lint deepspeed "$SP/deepspeed"
python - "$OUT" <<'PY'
import json, sys
from collections import Counter
out = sys.argv[1]
misc = ["vit-pytorch", "CLIP", "segment-anything", "whisper", "flux", "generative-models", "deepspeed"]
def load(name):
    return json.load(open(f"{out}/raw_{name}.json"))
groups = {name: [name] for name in ["lerobot", "open_clip", "torch", "dinov2"]}
groups["misc"] = misc
for corpus, names in groups.items():
    rows = [f for name in names for f in load(name)]
    kept = [f for f in rows if f["code"] != "OFL000"]
    json.dump(kept, open(f"{out}/{corpus}.json", "w"))
    print(corpus, len(rows), "findings;", len(rows) - len(kept), "OFL000 left out;", dict(sorted(Counter(f["code"] for f in kept).items())))
PY
