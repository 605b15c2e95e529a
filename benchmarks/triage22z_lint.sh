#!/usr/bin/env bash
# Lint the issue-22 "z" triage corpora (docs/triage-issue22-z.md): C24=/tmp/corp24 holds the exports of the mirrors
# named in benchmarks/triage22z/VERSIONS (benchmarks/triage22z/export.sh), each linted alone; pooled into
# $OUT/corp24.json (as benchmarks/triage_lint.sh pools). SHOW_SUPPRESSED=1 lints again with --show-suppressed into
# $OUT/supp_<repo>.json. LINTER defaults to /tmp/wt_z, the frozen copy of commit 8892b8c this round measures.
set -eu
cd "$(dirname "$0")/.."
C22=${C24:-/tmp/corp24}
REPOS=${REPOS:-tdmpc2 PandaGPT TinyLlama RVC-WebUI whisper-vits-svc NATSpeech DragDiffusion 3DFuse Diffusion-Policies mPLUG-Owl GeneFace MOSS ReChorus SELFRec UniMatch}
LINTER=${LINTER:-/tmp/wt_z}; OUT=${OUT:-/tmp/t22z}; POOL=corp24
OUT=$OUT CORPUS=$C22 POOL=$POOL REPOS=$REPOS LINTER=$LINTER benchmarks/triage_lint.sh
if [ "${SHOW_SUPPRESSED:-1}" = 1 ]; then
    for repo in $REPOS; do
        (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$C22/$repo" --no-cache --show-suppressed --output-format json --exit-zero) > "$OUT/supp_$repo.json"
    done
fi
