#!/usr/bin/env bash
# Lint the issue-22 "r" triage corpora (docs/triage-issue22-r.md): C16=/tmp/corp16 holds the exports of the mirrors
# named in benchmarks/triage22r/VERSIONS (benchmarks/triage22r/export.sh: .py files, configs under 200 KB, notebooks,
# docs and shell scripts under 2 MB, packaging files, an empty .git), each linted alone; pooled into $OUT/corp16.json
# (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into $OUT/supp_<repo>.json.
# LINTER defaults to /tmp/wt_r, the frozen copy of commit 3040dc2 (dev3/dev4, ahead of main) this round
# measures. It is no git checkout (its commit is in $LINTER/COMMIT), so benchmarks/triage_lint.sh's
# `git rev-parse HEAD` cannot run there: its loop and pooling are repeated here, unchanged otherwise.
# REPOS: the twelve of VERSIONS (the spare repositories of the draw notes' short-pool rule, if any are added, are
# appended to REPOS on the command line, one at a time, in VERSIONS_spare's order).
set -eu
cd "$(dirname "$0")/.."
C16=${C16:-/tmp/corp16}
REPOS=${REPOS:-tianshou OpenNMT-py wenet flair pyannote-audio faster-rcnn.pytorch awesome-semantic-segmentation-pytorch 3D-ResNets-PyTorch threestudio metavoice-src pixel-nerf diffuser}
LINTER=${LINTER:-/tmp/wt_r}; OUT=${OUT:-/tmp/t22r}; POOL=corp16
mkdir -p "$OUT"
cat "$LINTER/COMMIT" > "$OUT/linter_commit.txt"
for repo in $REPOS; do
    (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C16/$repo" --no-cache --output-format json --exit-zero) > "$OUT/raw_$repo.json"
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
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C16/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
