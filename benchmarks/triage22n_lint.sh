#!/usr/bin/env bash
# Lint the issue-22 "n" triage corpora (docs/triage-issue22-n.md): C12=/tmp/corp12 holds the exports of the mirrors
# named in benchmarks/triage22n/VERSIONS (benchmarks/triage22n/export.sh: .py files, configs under 200 KB, notebooks,
# docs and shell scripts under 2 MB, packaging files, an empty .git), each linted alone; pooled into $OUT/corp12.json
# (benchmarks/triage_lint.sh). SHOW_SUPPRESSED=1 lints again with --show-suppressed into $OUT/supp_<repo>.json.
set -eu
cd "$(dirname "$0")/.."
C12=${C12:-/tmp/corp12}
REPOS=${REPOS:-detr stable-baselines3 descript-audio-codec WaveRNN nerf-pytorch Swin-Transformer VideoMAE llama cleanrl OLMo ViLT}
OUT=${OUT:-/tmp/t22n} CORPUS=$C12 POOL=corp12 REPOS=$REPOS benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    LINTER=${LINTER:-$PWD}; OUT=${OUT:-/tmp/t22n}
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C12/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
