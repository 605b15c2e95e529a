#!/usr/bin/env bash
# Lint the issue-22 "i" triage corpora (docs/triage-issue22-i.md) each repository alone with the linter checkout
# LINTER (default: this checkout; the draw uses a detached worktree of the commit of main it was told), then pool
# them into one findings file ($OUT/corp7.json); OFL000 (a file Python 3.11 cannot parse) is left out.
# C7=/tmp/corp7 holds the git archives (only .py files) of the mirrors named in benchmarks/triage22i/VERSIONS.
set -eu
cd "$(dirname "$0")/.."
LINTER=${LINTER:-$PWD}
OUT=${OUT:-/tmp/t22i}
C7=${C7:-/tmp/corp7}
mkdir -p "$OUT"
REPOS=${REPOS:-SiT mae minRF BLIP Show-o StyleTTS2 U-ViT}
(cd "$LINTER" && git rev-parse HEAD) > "$OUT/linter_commit.txt"
for repo in $REPOS; do
    (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C7/$repo" --no-cache --output-format json --exit-zero) > "$OUT/raw_$repo.json"
done
python - "$OUT" $REPOS <<'PY'
import json, sys
from collections import Counter
out, names = sys.argv[1], sys.argv[2:]
rows = []
for name in names:
    found = [f for f in json.load(open(f"{out}/raw_{name}.json")) if f["code"] != "OFL000"]
    print(name, len(found), dict(sorted(Counter(f["code"] for f in found).items())))
    rows += found
json.dump(rows, open(f"{out}/corp7.json", "w"))
print("corp7", len(rows), dict(sorted(Counter(f["code"] for f in rows).items())))
PY
