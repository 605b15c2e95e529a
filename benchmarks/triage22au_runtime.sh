#!/usr/bin/env bash
# Runtime checks of the issue-22 "au" triage (docs/triage-issue22-au.md) through benchmarks/triage22au_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. pypots, uni2ts, tirex
# and momentfm are imported from the corpus copies (C45, /tmp/corp45) through the namespace shims of the cases module;
# fairchem from FCRT (/tmp/t22au/fairchem_rt: the export plus the Jd.pt files the export leaves out, made here);
# einops, jaxtyping, wadler_lindig, e3nn, opt_einsum, opt_einsum_fx from SITE (/tmp/t22au/site, pip --target
# --no-deps). LINTER: /tmp/wt_au (the linter this round measures), never this worktree's own code: the runs start from
# /tmp with PYTHONSAFEPATH=1 (confirm_case) and PYTHONPATH="$LINTER:$SITE:<this checkout>" (the checkout only for
# benchmarks.triage22au_cases). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=180.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22au/runtime}
C45=${C45:-/tmp/corp45}
SITE=${SITE:-/tmp/t22au/site}
LINTER=${LINTER:-/tmp/wt_au}
FCRT=${FCRT:-/tmp/t22au/fairchem_rt}
mkdir -p "$OUT"
if [ ! -f "$FCRT/src/fairchem/core/models/esen/Jd.pt" ]; then
    rm -rf "$FCRT" && cp -r "$C45/fairchem" "$FCRT"
    for p in equiformer_v2 escn esen scn; do
        git --git-dir=/work/.mirror/FAIR-Chem+fairchem/repo cat-file blob \
            31c096399b82ff37cb4a36287efdfe1c9d84513c:src/fairchem/core/models/$p/Jd.pt > "$FCRT/src/fairchem/core/models/$p/Jd.pt"
    done
fi
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22au_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$SITE:$REPO" NICE=10 confirm_case "$name" "$@"; }
# pypots layers at leaf level: legacy weight_norm (rows 7, 18); MultiheadAttention out_proj (24 / 35, 33);
# TransformerEncoder and its unused template layer (26, 29); TOTEM's codebook (23); ETSformer's es.v0 (49);
# FiLM's HiPPO_LegT.reconstruct (40, public method)
run tcn $K:TemporalBlock forward --factory $K:tcn_block --call $K:tcn_call --level both
run seft_sab $K:_SAB forward --factory $K:seft_sab --call $K:set_call --level both
run helix_enc $K:UnifiedAttentionEncoder forward --factory $K:helix_enc --call $K:set_call --level both
run csai_enc $K:TorchTransformerEncoder forward --factory $K:csai_enc --call $K:csai_call --level both
run totem_vq $K:VectorQuantizer forward --factory $K:totem_vq --call $K:totem_call --level both
run ets_growth $K:GrowthLayer forward --factory $K:ets_growth --call $K:set_call --level both
run film_reconstruct $K:HiPPO_LegT reconstruct --factory $K:film_legt --call $K:film_reconstruct_call --level both
# pypots, more: _PMA (35); BackboneHELIX.get_attention_weights (44, KA); GMMLayer.set_values (17, KA);
# BackboneTSLANet.pretrain as imputation builds it (30, BB)
run seft_pma $K:_PMA forward --factory $K:seft_pma --call $K:set_call --level both
run helix_attention $K:BackboneHELIX get_attention_weights --factory $K:helix_backbone --call $K:helix_attention_call --level both
run vader_set_values $K:GMMLayer set_values --factory $K:vader_gmm --call $K:vader_set_values_call --level both
run tslanet_pretrain $K:BackboneTSLANet pretrain --factory $K:tslanet_imputation --call $K:tslanet_pretrain_call --level both
# uni2ts BinaryAttentionBias (row 1); MoiraiModule forward (row 21, blind recall hazard 1; row 1 inside it)
run moirai $K:MoiraiModule forward --factory $K:moirai_module --call $K:moirai_call --level both
run uni2ts_bias $K:BinaryAttentionBias forward --factory $K:uni2ts_bias --call $K:uni2ts_bias_call --level both
# tirex TiRexZero (no forward): forecast path (rows 43, 48), embedding path (16)
run tirex_forecast $K:TiRexZero _forecast_quantiles --factory $K:tirex_zero --call $K:tirex_forecast_call --level both
run tirex_embed $K:TiRexZero _embed_context --factory $K:tirex_zero --call $K:tirex_embed_call --level both
# momentfm MOMENT public methods outside forward (rows 4, 38)
run moment_anomaly $K:MOMENT detect_anomalies --factory $K:moment_model --call $K:moment_anomaly_call --level both
run moment_short $K:MOMENT short_forecast --factory $K:moment_model --call $K:moment_short_call --level both
# fairchem stand-in roots: EquiformerV2-like (rows 8, 15, 20, 22, 37, 39, 46, 47, 50; 5, 42 at the eqv2 copy) and
# eSEN-like (rows 3, 6, 9, 19, 27, 51; 5, 42 at the esen copy)
run eqv2 $K:EqV2Like forward --factory $K:eqv2_like --call $K:eqv2_call --level both
run esen $K:EsenLike forward --factory $K:esen_like --call $K:esen_call --level both
