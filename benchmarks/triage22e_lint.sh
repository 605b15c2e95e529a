#!/usr/bin/env bash
# Lint the issue-22 "e" triage corpora (docs/triage-issue22-e.md) with this checkout, one findings file per corpus;
# OFL000 (a file Python 3.11 cannot parse) is left out of the sample.
# Corpora: C4=/tmp/corp4 holds the git archives named in the doc; transformers is the installed package's models/,
# linted whole (module names resolve across families) and filtered to benchmarks/triage22e/undrawn_families.txt.
set -eu
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/t22e}
C4=${C4:-/tmp/corp4}
SP=$(python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
mkdir -p "$OUT"
lint() { (cd /tmp && PYTHONPATH="$OLDPWD" python -m offload_lint "$2" --no-cache --output-format json --exit-zero) > "$OUT/raw_$1.json"; }
for repo in ${REPOS:-DiT guided-diffusion PixArt-sigma HunyuanDiT imagen-pytorch LTX-Video mochi mamba LLaVA open_flamingo chameleon bark stable-audio-tools}; do
    lint "$repo" "$C4/$repo"
done
[ -n "${SKIP_TRANSFORMERS:-}" ] || lint transformers "$SP/transformers/models"
python - "$OUT" benchmarks/triage22e/undrawn_families.txt <<'PY'
import json, sys
from collections import Counter
out, families_file = sys.argv[1], sys.argv[2]
undrawn = set(open(families_file).read().split())
def load(name):
    return json.load(open(f"{out}/raw_{name}.json"))
def family(path):
    return path.split("/models/", 1)[1].split("/", 1)[0]
groups = {
    "dit": ["DiT", "guided-diffusion", "PixArt-sigma", "HunyuanDiT"],
    "imagen": ["imagen-pytorch"],
    "video": ["LTX-Video", "mochi"],
    "mamba": ["mamba"],
    "vlm": ["LLaVA", "open_flamingo", "chameleon"],
    "audio": ["bark", "stable-audio-tools"],
    "transformers": ["transformers"],
}
for corpus, names in groups.items():
    rows = [f for name in names for f in load(name)]
    if corpus == "transformers":
        rows = [f for f in rows if family(f["path"]) in undrawn]
    kept = [f for f in rows if f["code"] != "OFL000"]
    json.dump(kept, open(f"{out}/{corpus}.json", "w"))
    per_repo = {name: sum(1 for f in load(name) if f["code"] != "OFL000") for name in names} if len(names) > 1 else {}
    print(corpus, len(rows), "findings;", len(rows) - len(kept), "OFL000 left out;",
          dict(sorted(Counter(f["code"] for f in kept).items())), per_repo or "")
PY
