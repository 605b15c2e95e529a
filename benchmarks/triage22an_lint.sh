#!/usr/bin/env bash
# Lint the issue-22 "an" triage corpora (docs/triage-issue22-an.md): C=/tmp/corp38 holds the exports of the five
# libraries of benchmarks/triage22an/VERSIONS (benchmarks/triage22an/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp38.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_am, the
# frozen copy of main bb2aec9 this round measures (shared with round am). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp38}
REPOS=${REPOS:-speechbrain MONAI LAVIS k-diffusion detectron2}
LINTER=${LINTER:-/tmp/wt_am}; OUT=${OUT:-/tmp/t22an}; POOL=corp38
mkdir -p "$OUT"
if [ -f "$LINTER/COMMIT" ]; then cat "$LINTER/COMMIT"; else (cd "$LINTER" && git rev-parse HEAD); fi > "$OUT/linter_commit.txt"
for repo in $REPOS; do
    start=$(date +%s)
    (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C/$repo" --no-cache --output-format json --exit-zero \
        --show-suppressed) > "$OUT/supp_$repo.json"
    echo "$repo linted in $(( $(date +%s) - start )) s"
done
python - "$OUT" "$POOL" $REPOS <<'PY'
import json, sys
from collections import Counter
out, pool, names = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = []
for name in names:
    every = [f for f in json.load(open(f"{out}/supp_{name}.json")) if f["code"] != "OFL000"]
    shown = [f for f in every if not f.get("suppressed_by")]
    print(name, "shown", len(shown), dict(sorted(Counter(f["code"] for f in shown).items())),
          "suppressed", len(every) - len(shown))
    rows += shown
json.dump(rows, open(f"{out}/{pool}.json", "w"))
print(pool, len(rows), dict(sorted(Counter(f["code"] for f in rows).items())))
PY
