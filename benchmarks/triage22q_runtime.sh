#!/usr/bin/env bash
# Runtime checks of the issue-22 "q" triage (docs/triage-issue22-q.md) through benchmarks/triage22q_cases.py (tracking
# backend, diffusers' real group-offloading hooks). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in C15
# (/tmp/corp15). LINTER: the offload-lint to run, /tmp/wt_q (commit c1a74ea, the linter this round measures) by
# default, never this worktree's own code. ONLY=a,b runs those. NICE=10 (the machine is shared).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22q/runtime}
C15=${C15:-/tmp/corp15}
LINTER=${LINTER:-/tmp/wt_q}
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
mkdir -p "$OUT"
K=benchmarks.triage22q_cases
run() { name=$1; root=$2; shift 2; PYTHONPATH="$LINTER:$PWD:$root" NICE=10 confirm_case "$name" "$@"; }
N=$C15/normalizing_flows
# glow.py: Glow (test_glow / --visualize: inverse(zs); generate(); log_prob in training); layers alone (test.py)
run glow_inverse_zs $N $K:Glow inverse --factory $K:glow_model --call $K:glow_inverse_zs_call --level both
run glow_generate $N $K:Glow inverse --factory $K:glow_model --call $K:glow_generate_call --level both
run glow_log_prob $N $K:Glow log_prob --factory $K:glow_model --call $K:glow_log_prob_call --level both
run glow_conv1x1_layer $N $K:Invertible1x1Conv inverse --factory $K:conv1x1_layer --call $K:glow_layer_call --level both
run glow_lu_layer $N $K:Invertible1x1Conv inverse --factory $K:lu_layer --call $K:glow_layer_call --level both
run glow_coupling_layer $N $K:AffineCoupling inverse --factory $K:affine_coupling_layer --call $K:glow_layer_call --level both
# maf.py: generate() (conditional) per model; log_prob in training; layers alone (test.py)
run maf_generate $N $K:MAF inverse --factory $K:maf_model --call $K:maf_generate_call --level both
run made_generate $N $K:MADE inverse --factory $K:made_model --call $K:maf_generate_call --level both
run mademog_generate $N $K:MADEMOG inverse --factory $K:mademog_model --call $K:mog_generate_call --level both
run mafmog_generate $N $K:MAFMOG inverse --factory $K:mafmog_model --call $K:mog_generate_call --level both
run realnvp_generate $N $K:RealNVP inverse --factory $K:realnvp_model --call $K:maf_generate_call --level both
run maf_log_prob $N $K:MAF log_prob --factory $K:maf_model --call $K:maf_log_prob_call --level both
run made_test $N $K:MADE inverse --factory $K:made_uncond_model --call $K:made_test_call --level both
run batchnorm_test $N $K:BatchNorm inverse --factory $K:batchnorm_layer --call $K:batchnorm_test_call --level both
run coupling_test $N $K:LinearMaskedCoupling inverse --factory $K:coupling_layer --call $K:coupling_test_call --level both
# ffjord: the VAEs' forward (the only caller of encode)
F=$C15/ffjord
run ffjord_ortho_forward $F $K:OrthogonalSylvesterVAE forward --factory $K:ortho_vae --call $K:ffjord_forward_call --level both
run ffjord_householder_forward $F $K:HouseholderSylvesterVAE forward --factory $K:householder_vae --call $K:ffjord_forward_call --level both
run ffjord_planar_forward $F $K:PlanarVAE forward --factory $K:planar_vae --call $K:ffjord_forward_call --level both
run ffjord_triangular_forward $F $K:TriangularSylvesterVAE forward --factory $K:triangular_vae --call $K:ffjord_forward_call --level both
run ffjord_iaf_forward $F $K:IAFVAE forward --factory $K:iaf_vae --call $K:ffjord_forward_call --level both
# vae_vampprior: training's calculate_loss, evaluation's generate_x
V=$C15/vae_vampprior
run vamp_loss $V $K:VampVAE calculate_loss --factory $K:vamp_vae --call $K:vamp_loss_call --level both
run vamp_generate $V $K:VampVAE generate_x --factory $K:vamp_vae --call $K:vamp_generate_call --level both
# EfficientNet-PyTorch: extract_endpoints
run effnet_endpoints $C15/EfficientNet-PyTorch $K:EfficientNet extract_endpoints --factory $K:efficientnet_b0 --call $K:endpoints_call --level both
# transformer-xl: training forward (crit), plain / with out_projs / adaptive
T=$C15/transformer-xl/pytorch
run txl_plain $T $K:MemTransformerLM forward --factory $K:txl_plain --call $K:txl_train_call --level both
run txl_proj $T $K:MemTransformerLM forward --factory $K:txl_proj --call $K:txl_train_call --level both
run txl_adaptive $T $K:MemTransformerLM forward --factory $K:txl_adaptive --call $K:txl_train_call --level both
# pytorch-dc-tts: SSRN forward with the legacy weight norm (hparams' default)
run ssrn $C15/pytorch-dc-tts $K:SSRN forward --factory $K:ssrn_small --call $K:ssrn_call --level both
# transformer-xl's sampled-softmax branch (row 21): not a confirm run; what its builds and calls raise
if [ -z "${ONLY:-}" ] || [[ ",$ONLY," == *",txl_sampled_softmax,"* ]]; then
    echo "### txl_sampled_softmax: python -m benchmarks.triage22q_cases"
    PYTHONPATH="$LINTER:$PWD:$T" nice -n 10 python -m benchmarks.triage22q_cases 2>&1 | tee "$OUT/txl_sampled_softmax.txt"
fi
