#!/usr/bin/env bash
# Lint the issue-22 "o" triage corpora (docs/triage-issue22-o.md): C13=/tmp/corp13 holds the exports of the mirrors
# named in benchmarks/triage22o/VERSIONS (benchmarks/triage22o/export.sh: .py files, configs under 200 KB, notebooks,
# docs and shell scripts under 2 MB, packaging files, an empty .git), each linted alone; pooled into $OUT/corp13.json
# (benchmarks/triage_lint.sh). SHOW_SUPPRESSED=1 lints again with --show-suppressed into $OUT/supp_<repo>.json.
set -eu
cd "$(dirname "$0")/.."
C13=${C13:-/tmp/corp13}
REPOS=${REPOS:-waveglow vq-vae-2-pytorch rl_games spinningup pytorch-a2c-ppo-acktr-gail score_sde_pytorch BigGAN-PyTorch stargan monodepth2 ChatRWKV nanodet SlowFast}
OUT=${OUT:-/tmp/t22o} CORPUS=$C13 POOL=corp13 REPOS=$REPOS benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    LINTER=${LINTER:-$PWD}; OUT=${OUT:-/tmp/t22o}
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C13/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
