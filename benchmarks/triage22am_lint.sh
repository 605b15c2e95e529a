#!/usr/bin/env bash
# Lint the issue-22 "am" triage corpora (docs/triage-issue22-am.md): C=/tmp/corp37 holds the exports of the mirrors
# named in benchmarks/triage22am/VERSIONS (benchmarks/triage22am/export.sh), each library linted alone as a whole tree
# with --show-suppressed into $OUT/raw_<lib>.json; the pool ($OUT/corp37.json) is the shown findings (not marked
# suppressed), OFL000 left out; the suppressed ones go to $OUT/suppressed.json. LINTER defaults to /tmp/wt_am, the
# frozen copy of commit bb2aec9 this round measures.
set -eu
cd "$(dirname "$0")/.."
C=${C:-/tmp/corp37}
REPOS=${REPOS:-kornia torchtune litgpt esm whisper}
LINTER=${LINTER:-/tmp/wt_am}; OUT=${OUT:-/tmp/t22am}
mkdir -p "$OUT"
cat "$LINTER/COMMIT" > "$OUT/linter_commit.txt"
for repo in $REPOS; do
    (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C/$repo" --no-cache --output-format json --exit-zero \
        --show-suppressed) > "$OUT/raw_$repo.json"
done
python - "$OUT" $REPOS <<'PY'
import json, sys
from collections import Counter
out, names = sys.argv[1], sys.argv[2:]
shown, supp = [], []
for name in names:
    found = [f for f in json.load(open(f"{out}/raw_{name}.json")) if f["code"] != "OFL000"]
    s = [f for f in found if not f.get("suppressed_by")]
    print(name, "shown", len(s), dict(sorted(Counter(f["code"] for f in s).items())), "suppressed", len(found) - len(s))
    shown += s
    supp += [f for f in found if f.get("suppressed_by")]
json.dump(shown, open(f"{out}/corp37.json", "w"))
json.dump(supp, open(f"{out}/suppressed.json", "w"))
print("corp37", len(shown), dict(sorted(Counter(f["code"] for f in shown).items())), "suppressed", len(supp))
PY
