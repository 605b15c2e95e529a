#!/usr/bin/env bash
# Runtime checks of the issue-22 "aj" triage (docs/triage-issue22-aj.md) through benchmarks/triage22aj_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in
# C34 (/tmp/corp34). LINTER: /tmp/wt_ai (commit 33761af, the linter this round measures), never this worktree's own
# code (PYTHONSAFEPATH=1 in confirm_case). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=120.
# EINOPS: a folder holding einops (not installed here), on PYTHONPATH for the runs whose files import it.
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22aj/runtime}
export C34=${C34:-/tmp/corp34}
LINTER=${LINTER:-/tmp/wt_ai}
EINOPS=${EINOPS:-/tmp/af_einops}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
K=benchmarks.triage22aj_cases
run() { name=$1; shift; PYTHONPATH="$LINTER:$PWD:$EINOPS" NICE=10 confirm_case "$name" "$@"; }
# encodec-pytorch EncodecModel.encode (rows 1, 20, 33, 54) / .decode (rows 12, 34, 42, 45, 53, 60)
run encodec_enc $K:EncodecModel encode --factory $K:encodec --call $K:encodec_encode_call --level both
run encodec_qenc $K:EncodecModel encode --factory $K:encodec --call $K:encodec_quantizer_encode_call --level both
run encodec_dec $K:EncodecModel decode --factory $K:encodec --call $K:encodec_decode_call --level both
# EAT_code SPADEResnetBlock (rows 4, 11, 36), TransformerEncoderLayer (27), TransformerDecoderLayer (6, 46), Discriminator (52)
run eat_spade $K:SPADEResnetBlock forward --factory $K:eat_spade_block --call $K:eat_spade_call --level both
run eat_spade_same $K:SPADEResnetBlock forward --factory $K:eat_spade_block_same --call $K:eat_spade_call --level both
run eat_enc_layer $K:TransformerEncoderLayer forward --factory $K:eat_enc_layer --call $K:eat_enc_call --level both
run eat_dec_layer $K:TransformerDecoderLayer forward --factory $K:eat_dec_layer --call $K:eat_dec_call --level both
run eat_disc $K:Discriminator forward --factory $K:eat_disc --call $K:eat_disc_call --level both
# EDTalk Generator.test_EDTalk_V (rows 8, 26 true; 13, 38 false A)
run edtalk_test_v $K:EDTalkGenerator test_EDTalk_V --factory $K:edtalk_gen --call $K:edtalk_test_v_call --level both
run edtalk_fc $K:EDTalkGenerator test_EDTalk_V --factory $K:edtalk_gen --call $K:edtalk_fc_call --level both
run edtalk_dec $K:EDTalkGenerator test_EDTalk_V --factory $K:edtalk_gen --call $K:edtalk_dec_call --level both
# EDTalk networks/generator.py Direction_exp.get_shared_out as test_EDTalk_V makes it (row 32)
run edtalk_exp_shared $K:EDTalkGeneratorExp test_EDTalk_V --factory $K:edtalk_gen_exp --call $K:edtalk_exp_shared_call --level both
# ZITS EdgeLineGPT256RelBCE.forward_with_logits (rows 25, 43)
run zits_logits $K:EdgeLineGPT256RelBCE forward_with_logits --factory $K:zits_tsr --call $K:zits_logits_call --level both
# StyleGAN.pytorch Generator.forward in training (row 24)
run stylegan_train $K:StyleGANGenerator forward --factory $K:stylegan_gen --call $K:stylegan_train_call --level both
# RestoreFormer VectorQuantizer.forward (row 50)
run rf_vq $K:VectorQuantizer forward --factory $K:rf_vq --call $K:rf_vq_call --level both
# X-Codec-2.0 ResidualUnit (WNConv1d, row 17)
run xcodec_unit $K:ResidualUnit forward --factory $K:xcodec_unit --call $K:xcodec_unit_call --level both
