#!/usr/bin/env bash
# Runtime checks of the issue-22 "aw" triage (docs/triage-issue22-aw.md) through benchmarks/triage22aw_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. pfrl, torch_rechub
# and graphium are imported from the corpus copies (C47, /tmp/corp47) through the namespace shims of the cases module;
# scvi-tools' auto_move_data is loaded from the corpus by path; deepmd through a bare namespace (the cases module). LINTER: /tmp/wt_av (the linter this round measures),
# never this worktree's own code: the runs start from /tmp with PYTHONSAFEPATH=1 (confirm_case) and
# PYTHONPATH="$LINTER:<this checkout>" (the checkout only for benchmarks.triage22aw_cases). ONLY=a,b runs those.
# NICE=10, CASE_TIMEOUT=180.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22aw/runtime}
LINTER=${LINTER:-/tmp/wt_av}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22aw_cases
cd /tmp
SITE=${SITE:-/tmp/t22aw/site}
run() { name=$1; shift; PYTHONPATH="$LINTER:$SITE:$REPO" NICE=10 confirm_case "$name" "$@"; }
# pfrl FactorizedNoisyLinear (rows 33, 36, 59)
run pfrl_noisy $K:FactorizedNoisyLinear forward --factory $K:pfrl_noisy --call $K:x6_call --level both
# torch-rechub HSTUModel: tie_embeddings=False (rows 11, 43) and the default (the token_embedding line)
run hstu_untied $K:HSTUModel forward --factory $K:hstu_untied --call $K:hstu_call --level both
run hstu_tied $K:HSTUModel forward --factory $K:hstu_tied --call $K:hstu_call --level both
# torch-rechub BST's encoder as bst.py:47-48 builds it (row 46)
run bst_encoder torch.nn:TransformerEncoder forward --factory $K:bst_encoder --call $K:seq8_call --level both
# torch-rechub SASRec's nn.MultiheadAttention (row 50)
run sasrec_mha torch.nn:MultiheadAttention forward --factory $K:sasrec_mha --call $K:mha_call --level both
# laplace: the user's network (a Sequential MLP, the Laplace README's shape) offloaded as the root, then wrapped in
# FeatureExtractor and find_last_layer run as LLLaplace._find_last_layer does (rows 41, 45)
run laplace_user_root torch.nn:Sequential forward --factory $K:user_mlp --call $K:laplace_find_last_layer_call --level both
# graphium LapPE Transformer encoder: eval + no_grad (fast path; rows 52, 58) and training mode
run lappe_eval torch.nn:TransformerEncoder forward --factory $K:lappe_encoder --call $K:seq8_call --level both
run lappe_train torch.nn:TransformerEncoder forward --factory $K:lappe_encoder --call $K:lappe_train_call --level both
# deepmd-kit RepFlowLayer with use_dynamic_sel=True: the dynamic update methods called directly (rows 14 / 22: feat
# 'edge' of optim_edge_update_dynamic; 16: optim_angle_update_dynamic feat 'edge'; 23: feat 'angle'). SITE holds
# array-api-compat, ml_dtypes, einops (pip --target /tmp/t22aw/site --no-deps)
run repflow_edge $K:RepFlowLayer optim_edge_update_dynamic --factory $K:repflow_dynamic --call $K:repflow_edge_call --level both
run repflow_angle $K:RepFlowLayer optim_angle_update_dynamic --factory $K:repflow_dynamic --call $K:repflow_angle_call --level both
run repflow_angle_self $K:RepFlowLayer optim_angle_update_dynamic --factory $K:repflow_dynamic --call $K:repflow_angle_self_call --level both
# scvi-tools auto_move_data shapes: a child-less module (rows 12, 25) and a decoder child + root px_r (rows 27, 28)
run scvi_childless $K:ScviLikeChildless generative --factory $K:scvi_childless --call $K:gen6_call --level both
run scvi_vae $K:ScviLikeVAE generative --factory $K:scvi_vae --call $K:gen4_call --level both
# the same with the decoder a direct nn.Sequential child (a hooked block at block level: MRDeconv's gamma_encoder shape)
run scvi_vae_listed $K:ScviLikeVAE generative --factory $K:scvi_vae_listed --call $K:gen4_call --level both
