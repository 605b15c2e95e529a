#!/usr/bin/env bash
# Runtime spot checks of the findings the recall fixes added (docs/triage-issue22-b.md, "Fixes after the triage (recall)").
set -u
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD:${TVSTUB:-/tmp/tvstub}"
C="python -m offload_lint confirm"
K=benchmarks.recall_cases
run() { echo "### $*"; timeout 600 $C "$@" --timeout 120 2>&1 | grep -v "^\s*$" | grep -v "^frame #" | cut -c1-900; }
run peft.tuners.vera.layer:Linear forward --factory $K:vera_model --call $K:tiny_forward --level leaf
run peft.tuners.adalora.layer:SVDLinear forward --factory $K:adalora_model --call $K:tiny_forward --level leaf
run peft.tuners.boft.layer:Linear forward --factory $K:boft_model --call $K:tiny_forward --level leaf
run peft.tuners.lora.layer:Embedding forward --factory $K:lora_embedding_model --call $K:ids_forward --level leaf
run peft.tuners.ia3.layer:Linear merge --factory $K:ia3_model --call $K:merge_all --level both
run peft.tuners.supertuning.layer:Linear merge --factory benchmarks.triage22_cases:supertuning_model --call $K:merge_all --level both
