#!/usr/bin/env bash
# Lint one issue-22 library round's corpora (docs/triage-issue22-<round>.md): C holds the exports of the libraries its
# VERSIONS names (first column; benchmarks/triage22_export.sh), each linted alone as a whole tree, once, with
# --show-suppressed, into $OUT/supp_<repo>.json; the pool $OUT/$POOL.json is the shown findings (no suppressed_by;
# OFL000 left out), as benchmarks/triage_lint.sh pools a default run. LINTER is the frozen copy of main the round
# measures (its COMMIT file). Run under `nice -n 10`. The rounds' own scripts (triage22ar_lint.sh, ...) set these.
set -eu
cd "$(dirname "$0")/.."
: "${C:?}" "${VERSIONS:?}" "${LINTER:?}" "${OUT:?}" "${POOL:?}"
TIMEOUT=${TIMEOUT:-1500}  # seconds per library; one that fails or runs longer is left out of the pool, said in the log
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
