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
# timm feature API: forward_features() then forward_head(), as users and timm.task.distillation call them
T=benchmarks.triage22_cases:features_then_head
run timm.models.cait:Cait forward_features --factory $K:cait --call $T --level block
run timm.models.focalnet:FocalNet forward_head --factory $K:focalnet --call $T --level block
run timm.models.pvt_v2:PyramidVisionTransformerV2 forward_features --factory $K:pvt_v2 --call $T --level block
# OFL208 at pipeline_stg_wan.py:580 and OFL102 at peft_model.py:2357 are the runs of triage22_runtime.sh (wan STG; rows 7-8)
# peft prompt tuning generate(): prepare_inputs_for_generation's word_embeddings (fetched by get_submodule), block level
run peft.peft_model:PeftModelForCausalLM prepare_inputs_for_generation --factory benchmarks.triage22_cases:prompt_tuning_model --call benchmarks.triage22_cases:generate_tokens --level block --backend tracking
