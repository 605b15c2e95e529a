#!/usr/bin/env bash
# Lint an issue-22 triage round's corpora (benchmarks/triage22<round>_lint.sh set them) each repository alone with the
# linter LINTER (default: this checkout; a draw uses a detached worktree of the commit it was told, or a frozen copy of
# it with a COMMIT file),
# then pool them into one findings file ($OUT/$POOL.json); OFL000 (a file Python 3.11 cannot parse) is left out.
# CORPUS holds the git archives (only .py files) of the mirrors named in the round's VERSIONS, REPOS their folders.
set -eu
cd "$(dirname "$0")/.."
LINTER=${LINTER:-$PWD}
: "${OUT:?}" "${CORPUS:?}" "${POOL:?}" "${REPOS:?}"
mkdir -p "$OUT"
# A frozen copy of a commit (``git archive`` into a folder) names its commit in COMMIT; a checkout asks git.
if [ -f "$LINTER/COMMIT" ]; then cat "$LINTER/COMMIT"; else (cd "$LINTER" && git rev-parse HEAD); fi > "$OUT/linter_commit.txt"
for repo in $REPOS; do
    (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$CORPUS/$repo" --no-cache --output-format json --exit-zero) > "$OUT/raw_$repo.json"
done
python - "$OUT" "$POOL" $REPOS <<'PY'
import json, sys
from collections import Counter
out, pool, names = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = []
for name in names:
    found = [f for f in json.load(open(f"{out}/raw_{name}.json")) if f["code"] != "OFL000"]
    print(name, len(found), dict(sorted(Counter(f["code"] for f in found).items())))
    rows += found
json.dump(rows, open(f"{out}/{pool}.json", "w"))
print(pool, len(rows), dict(sorted(Counter(f["code"] for f in rows).items())))
PY
