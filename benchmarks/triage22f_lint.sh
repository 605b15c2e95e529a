#!/usr/bin/env bash
# Lint the issue-22 "f" triage corpora (docs/triage-issue22-f.md) with this checkout, each repository alone,
# then pool them into one findings file (/tmp/t22f/corp5.json); OFL000 (a file Python 3.11 cannot parse) is left out.
# C5=/tmp/corp5 holds the git archives (only .py files) of the mirrors named in benchmarks/triage22f/VERSIONS.
set -eu
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/t22f}
C5=${C5:-/tmp/corp5}
mkdir -p "$OUT"
REPOS=${REPOS:-Latte PhotoMaker DALLE2-pytorch ml-mobileclip stablediffusion Open-Sora}
for repo in $REPOS; do
    (cd /tmp && PYTHONPATH="$OLDPWD" python -m offload_lint "$C5/$repo" --no-cache --output-format json --exit-zero) > "$OUT/raw_$repo.json"
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
json.dump(rows, open(f"{out}/corp5.json", "w"))
print("corp5", len(rows), dict(sorted(Counter(f["code"] for f in rows).items())))
PY
