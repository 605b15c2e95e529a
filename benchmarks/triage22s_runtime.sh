#!/usr/bin/env bash
# Runtime checks of the issue-22 "s" triage (docs/triage-issue22-s.md) through benchmarks/triage22s_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C17 (/tmp/corp17). LINTER: the offload-lint to run, /tmp/wt_s (commit 01c0f90, the linter this round measures) by
# default, never this worktree's own code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10 (shared).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22s/runtime}
export C17=${C17:-/tmp/corp17}
LINTER=${LINTER:-/tmp/wt_s}
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
mkdir -p "$OUT"
K=benchmarks.triage22s_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD" NICE=10 confirm_case "$name" "$@"; }
# boltz layers: the chunked / kernel branches (rows 8 37 45; 10 43; 20 36; 14 41 46 47)
run boltz_pwa_chunk $K:BoltzPairWeightedAveraging forward --factory $K:boltz_pwa --call $K:boltz_pwa_call --level both
run boltz_transition_chunk $K:BoltzTransition forward --factory $K:boltz_transition --call $K:boltz_transition_call --level both
run boltz_opm_chunk $K:BoltzOuterProductMean forward --factory $K:boltz_opm --call $K:boltz_opm_call --level both
run boltz_trimul_out_kernel $K:BoltzTriMulOut forward --factory $K:boltz_trimul_out --call $K:boltz_trimul_call --level both
run boltz_trimul_in_kernel $K:BoltzTriMulIn forward --factory $K:boltz_trimul_in --call $K:boltz_trimul_call --level both
run boltz_trimul_out_plain $K:BoltzTriMulOut forward --factory $K:boltz_trimul_out --call $K:boltz_trimul_nokernel_call --level both
# pytorch-metric-learning: get_logits after a training call (rows 12 15 27), fresh; CrossBatchMemory tests (5 11 38 21)
run pml_subcenter_logits $K:PmlSubCenterArcFace get_logits --factory $K:pml_subcenter --call $K:pml_get_logits_call --level both
run pml_proxynca_logits $K:PmlProxyNCA get_logits --factory $K:pml_proxynca --call $K:pml_get_logits_call --level both
run pml_large_margin_logits $K:PmlLargeMargin get_logits --factory $K:pml_large_margin --call $K:pml_get_logits_call --level both
run pml_proxynca_logits_fresh $K:PmlProxyNCA get_logits --factory $K:pml_proxynca --call $K:pml_get_logits_fresh_call --level both
run pml_cbm_ref_mining $K:PmlCrossBatchMemory forward --factory $K:pml_cbm --call $K:pml_cbm_ref_mining_call --level both
run pml_cbm_indices_tuple $K:PmlCrossBatchMemory forward --factory $K:pml_cbm --call $K:pml_cbm_indices_tuple_call --level both
run pml_cbm_reset_queue $K:PmlCrossBatchMemory forward --factory $K:pml_cbm --call $K:pml_cbm_reset_queue_call --level both
# pytorch-widedeep: TabNet explain (16 25 32 34 39), cat bias (7), AutoInt/AutoIntPlus (54 52), finetune (60), 49
run wd_tabnet_forward_masks $K:WdWideDeep forward --factory $K:wd_tabnet --call $K:wd_forward_masks_call --level both
run wd_tabmlp_cat_bias $K:WdWideDeep forward --factory $K:wd_tabmlp_bias --call $K:wd_forward_call --level both
run wd_autoint $K:WdAutoInt forward --factory $K:wd_autoint --call $K:wd_rec_forward_call --level both
run wd_autoint_plus $K:WdAutoIntPlus forward --factory $K:wd_autoint_plus --call $K:wd_rec_forward_call --level both
run wd_finetune_wide $K:WdWideDeep forward --factory $K:wd_wide_tabmlp --call $K:wd_finetune_call --level both
run wd_tabmlp_forward $K:WdWideDeep forward --factory $K:wd_wide_tabmlp --call $K:wd_get_embeddings_call --level both
# RFdiffusion MSA_emb (31 35)
run rf_msa_emb $K:RfMSAEmb forward --factory $K:rf_msa_emb --call $K:rf_msa_emb_call --level both
# mace LoRA (3 18: LoRADenseLinear; 42 48: LoRAFCLayer's merge)
run mace_lora_dense_train $K:MaceLoRADenseLinear forward --factory $K:mace_lora_dense --call $K:mace_lora_train_call --level both
run mace_lora_dense_eval $K:MaceLoRADenseLinear forward --factory $K:mace_lora_dense --call $K:mace_lora_eval_call --level both
run mace_lora_fc_merge $K:MaceLoRAFCLayer merge_into_base --factory $K:mace_lora_fc --call $K:mace_lora_merge_call --level both
