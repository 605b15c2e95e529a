#!/usr/bin/env bash
# Lint the issue-22 "bf" triage corpora (docs/triage-issue22-bf.md): C=/tmp/corp56 holds the exports of the twelve
# libraries of benchmarks/triage22bf/VERSIONS (benchmarks/triage22bf/export.sh), each linted alone as a whole tree, once,
# with --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/corp56.json is the shown findings (no
# suppressed_by; OFL000 left out), as benchmarks/triage22_round_lint.sh pools a default run (that script's loop, with a
# per-target timeout added: TIMEOUT seconds, default 900). LINTER defaults to /tmp/wt_bf, the frozen copy of main's
# final code this round measures (its COMMIT file). Run under `nice -n 10`.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp56}; VERSIONS=benchmarks/triage22bf/VERSIONS; LINTER=${LINTER:-/tmp/wt_bf}; OUT=${OUT:-/tmp/t22bf}
POOL=corp56; TIMEOUT=${TIMEOUT:-900}
REPOS=${REPOS:-$(awk 'NF {print $1}' "$VERSIONS" | tr '\n' ' ')}
mkdir -p "$OUT"
cat "$LINTER/COMMIT" > "$OUT/linter_commit.txt"
for repo in $REPOS; do
    start=$(date +%s)
    (cd /tmp && nice -n 10 timeout "$TIMEOUT" env PYTHONPATH="$LINTER" python -m offload_lint "$C/$repo" --no-cache \
        --output-format json --exit-zero --show-suppressed) > "$OUT/supp_$repo.json" || echo "$repo: exit $? (timeout?)"
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
