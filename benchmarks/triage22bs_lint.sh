#!/usr/bin/env bash
# Lint the issue-22 "bs" triage corpora (docs/triage-issue22-bm.md): C=/tmp/corp69 holds the exports of the twelve
# libraries of benchmarks/triage22bs/VERSIONS (benchmarks/triage22bs/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp69.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER defaults to /tmp/wt_bs, the
# frozen copy of main's final code this round measures (its COMMIT file). Run under `nice -n 10`. A copy of
# benchmarks/triage22_round_lint.sh with a per-library timeout (TIMEOUT seconds, default 1500; a library that runs
# past it is reported and left out of the pool, never half-pooled).
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp69} VERSIONS=${VERSIONS:-benchmarks/triage22bs/VERSIONS} LINTER=${LINTER:-/tmp/wt_bs} OUT=${OUT:-/tmp/t22bs}
POOL=${POOL:-corp69} TIMEOUT=${TIMEOUT:-1500}
REPOS=${REPOS:-$(awk 'NF {print $1}' "$VERSIONS" | tr '\n' ' ')}
mkdir -p "$OUT"
if [ -f "$LINTER/COMMIT" ]; then cat "$LINTER/COMMIT"; else (cd "$LINTER" && git rev-parse HEAD); fi > "$OUT/linter_commit.txt"
for repo in $REPOS; do
    start=$(date +%s)
    if (cd /tmp && nice -n 10 env PYTHONPATH="$LINTER" timeout "$TIMEOUT" python -m offload_lint "$C/$repo" --no-cache \
            --output-format json --exit-zero --show-suppressed) > "$OUT/supp_$repo.json"; then
        echo "$repo linted in $(( $(date +%s) - start )) s"
    else
        echo "$repo FAILED or timed out after $(( $(date +%s) - start )) s (left out of the pool)"; echo '[]' > "$OUT/supp_$repo.json"
    fi
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
