#!/usr/bin/env bash
# Runtime checks of the issue-22 "w" triage (docs/triage-issue22-w.md) through benchmarks/triage22w_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C21 (/tmp/corp21). LINTER: the offload-lint to run, /tmp/wt_w (commit e3743f6, the linter this round measures) by
# default, never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case). STUBS: a folder holding an empty
# xxhash.py (torch_geometric's hash_tensor imports xxhash; not installed, unused by these classes). ONLY=a,b runs
# those. NICE=10 (shared machine).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22w/runtime}
export C21=${C21:-/tmp/corp21}
LINTER=${LINTER:-/tmp/wt_w}
STUBS=${STUBS:-/tmp/t22w/stubs}
mkdir -p "$OUT" "$STUBS"; [ -f "$STUBS/xxhash.py" ] || : > "$STUBS/xxhash.py"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22w_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD:$STUBS" NICE=10 confirm_case "$name" "$@"; }
# pytorch_geometric PMLP.forward reads lins[i].weight/bias (rows 52, 53)
run pyg_pmlp $K:PygPMLP forward --factory $K:pyg_pmlp --call $K:pyg_pmlp_call --level both
# pytorch_geometric BatchNorm(allow_single_element=True) on one row (rows 39, 43)
run pyg_bn $K:PygBatchNorm forward --factory $K:pyg_bn --call $K:pyg_bn_call --level both
# pytorch_geometric GPSConv's nn.MultiheadAttention at leaf (row 25)
run pyg_gps $K:PygGPSConv forward --factory $K:pyg_gps --call $K:pyg_gps_call --level both
# pytorch_geometric QFormer's nn.TransformerEncoderLayer at leaf (row 24)
run pyg_qformer $K:PygQFormer forward --factory $K:pyg_qformer --call $K:pyg_qformer_call --level both
# pytorch_geometric LightGCN.get_embedding: alpha[i] 0-dim (row 18) and embedding.weight
run pyg_lightgcn $K:PygLightGCN get_embedding --factory $K:pyg_lightgcn --call $K:pyg_lightgcn_call --level both
# pytorch_geometric example DeeperGCN.forward: layers[0].conv / .norm / .act outside layers[0].forward (rows 30, 45, 55)
run pyg_deepergcn $K:PygDeeperGCN forward --factory $K:pyg_deepergcn --call $K:pyg_deepergcn_call --level both
# s3prl WavLM MultiheadAttention fast path: q/k/v_proj.weight read, never called (rows 6, 34)
run wavlm_mha $K:WavLMMHA forward --factory $K:wavlm_mha --call $K:wavlm_mha_call --level both
# darts RINorm.inverse after rin(x) inside the root's forward (row 27)
run darts_rin $K:DartsRINRoot forward --factory $K:darts_rin --call $K:darts_rin_call --level both
# recall hazard 1: s3prl WavLM TransformerEncoder pos_conv (legacy weight_norm) at leaf, via extract_features
run wavlm_expert $K:WavLMExpertStandIn forward --factory $K:wavlm_expert --call $K:wavlm_expert_call --level both
# pytorch_geometric example DMGI: forward, then loss() (row 15)
run pyg_dmgi $K:PygDMGI loss --factory $K:pyg_dmgi --call $K:pyg_dmgi_train --level both
# pytorch_geometric TGNMemory: forward, update_state, forward (row 46)
run pyg_tgn $K:PygTGNMemory forward --factory $K:pyg_tgn --call $K:pyg_tgn_train --level both
# VGen metric/dino VisionTransformer.get_last_selfattention -> prepare_tokens (row 14)
run vgen_dino $K:VGenDinoViT get_last_selfattention --factory $K:vgen_dino --call $K:vgen_dino_attn --level both
# s3prl byol_s CvT Transformer.forward: layers of inner ModuleLists (row 48)
run byol_cvt $K:ByolCvTTransformer forward --factory $K:byol_cvt --call $K:byol_cvt_call --level both
# DIG GraphAF GraphFlowModel: forward, then log_prob (rows 2, 17)
run dig_gaf $K:DigGraphFlowModel log_prob --factory $K:dig_gaf --call $K:dig_gaf_train --level both
