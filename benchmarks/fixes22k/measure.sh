#!/usr/bin/env bash
# Lint the installed diffusers (default and --strategy all), transformers models/, peft and timm checkouts, and the
# round i and j corpora (corp7, corp8: each repository alone) with the linter checkout LINTER into OUTDIR, every
# finding kept (--show-suppressed); docs/triage-issue22-j-fixes.md. usage: measure.sh LINTER OUTDIR
# PEFT and TIMM: exports of the mirrors' .py files (default /tmp/corpx/peft, /tmp/corpx/pytorch-image-models).
L=$1; O=$2; mkdir -p "$O"
D=$(python -c 'import diffusers, os; print(os.path.dirname(diffusers.__file__))')
T=$(python -c 'import transformers, os; print(os.path.dirname(transformers.__file__))')/models
run() { name=$1; shift; (cd /tmp && PYTHONPATH=$L nice -n 5 python -m offload_lint "$@" --no-cache --output-format json \
    --exit-zero --show-suppressed) > "$O/$name.json"; }
run diffusers "$D"
run diffusers_all "$D" --strategy all
run transformers "$T"
run x_peft "${PEFT:-/tmp/corpx/peft}"
run x_pytorch-image-models "${TIMM:-/tmp/corpx/pytorch-image-models}"
for r in /tmp/corp7/*/ /tmp/corp8/*/; do c=$(basename "$(dirname "$r")"); run "${c}_$(basename "$r")" "$r"; done
