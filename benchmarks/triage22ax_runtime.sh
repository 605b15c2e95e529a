#!/usr/bin/env bash
# Runtime checks of the issue-22 "ax" triage (docs/triage-issue22-ax.md) through benchmarks/triage22ax_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. zeta is imported
# from the corpus copy (/tmp/corp48) through the namespace shims of the cases module; einops from SITE (/tmp/t22ax/site,
# pip --target --no-deps). LINTER: /tmp/wt_ax, never this worktree's own code: the runs start from /tmp with
# PYTHONSAFEPATH=1 (confirm_case) and PYTHONPATH="$LINTER:$SITE:<this checkout>" (the checkout only for
# benchmarks.triage22ax_cases). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=180.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22ax/runtime}
SITE=${SITE:-/tmp/t22ax/site}
LINTER=${LINTER:-/tmp/wt_ax}
mkdir -p "$OUT"
[ -d "$SITE/einops" ] || pip install --no-deps --target "$SITE" einops >/dev/null
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22ax_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$SITE:$REPO" NICE=10 confirm_case "$name" "$@"; }
# zeta SimpleMMCA: nn.MultiheadAttention out_proj (rows 29, 32: true leaf)
run mmca $K:SimpleMMCA forward --factory $K:mmca --call $K:mmca_call --level both
# zeta ResidualVectorQuantizer: embed.weight without calling embed (row 30: true leaf)
run rvq $K:ResidualVectorQuantizer forward --factory $K:rvq --call $K:rvq_call --level both
# zeta AlibiPositionalBias: its device property inside its own forward (rows 13, 44: P, false)
run alibi $K:AlibiPositionalBias forward --factory $K:alibi --call $K:alibi_call --level both
# zeta ParallelTransformerBlock: a None-registered mask filled on x.device at run time (row 18: P, false)
run ptb $K:ParallelTransformerBlock forward --factory $K:ptb --call $K:ptb_call --level both
# zeta LFQ.indices_to_codes outside forward (row 4: true block)
run lfq $K:LFQ indices_to_codes --factory $K:lfq --call $K:lfq_call --level both
# zeta CrossModalReParametrization.merge: own tensors only (row 25: P, false)
run cmr $K:CrossModalReParametrization merge --factory $K:cmr --call $K:cmr_call --level both
