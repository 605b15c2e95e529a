#!/usr/bin/env bash
# Lint the issue-22 "r" triage corpora (docs/triage-issue22-r.md): C16=/tmp/corp16 holds the exports of the mirrors
# named in benchmarks/triage22r/VERSIONS (benchmarks/triage22r/export.sh: .py files, configs under 200 KB, notebooks,
# docs and shell scripts under 2 MB, packaging files, an empty .git), each linted alone; pooled into $OUT/corp16.json
# (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into $OUT/supp_<repo>.json.
# LINTER defaults to /tmp/wt_r, the frozen copy of commit 3040dc2 (dev3/dev4, ahead of main) this round
# measures (no git checkout: its commit is in $LINTER/COMMIT, which benchmarks/triage_lint.sh reads).
# REPOS: the twelve of VERSIONS (the spare repositories of the draw notes' short-pool rule, if any are added, are
# appended to REPOS on the command line, one at a time, in VERSIONS_spare's order).
set -eu
cd "$(dirname "$0")/.."
C16=${C16:-/tmp/corp16}
REPOS=${REPOS:-tianshou OpenNMT-py wenet flair pyannote-audio faster-rcnn.pytorch awesome-semantic-segmentation-pytorch 3D-ResNets-PyTorch threestudio metavoice-src pixel-nerf diffuser}
LINTER=${LINTER:-/tmp/wt_r}; OUT=${OUT:-/tmp/t22r}; POOL=corp16
OUT=$OUT CORPUS=$C16 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C16/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
