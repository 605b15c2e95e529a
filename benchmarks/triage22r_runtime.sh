#!/usr/bin/env bash
# Runtime checks of the issue-22 "r" triage (docs/triage-issue22-r.md) through benchmarks/triage22r_cases.py (tracking
# backend, diffusers' real group-offloading hooks). Each run's JSON goes to $OUT/<name>.json. Needs the corpora in C16
# (/tmp/corp16). LINTER: the offload-lint to run, /tmp/wt_r (commit 3040dc2, the linter this round measures) by
# default, never this worktree's own code. ONLY=a,b runs those. NICE=10 (the machine is shared).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22r/runtime}
export C16=${C16:-/tmp/corp16}
LINTER=${LINTER:-/tmp/wt_r}
export CASE_TIMEOUT=${CASE_TIMEOUT:-120}
mkdir -p "$OUT"
K=benchmarks.triage22r_cases
run() { name=$1; root=$2; shift 2; PYTHONPATH="$LINTER:$PWD:$root" NICE=10 confirm_case "$name" "$@"; }
W=$C16/wenet
# wenet: recognize.py's decode (attention beam search, ctc, rescoring), --simulate_streaming, the CLI's transcribe
run wenet_decode $W $K:ASRModel decode --factory $K:wenet_conformer --call $K:decode_call --level both
run wenet_decode_attention $W $K:ASRModel decode --factory $K:wenet_conformer --call $K:decode_attention_call --level both
run wenet_decode_streaming $W $K:ASRModel decode --factory $K:wenet_conformer --call $K:decode_streaming_call --level both
run wenet_transcribe $W $K:ASRModel transcribe --factory $K:wenet_conformer --call $K:transcribe_call --level both
run wenet_squeeze_streaming $W $K:ASRModel decode --factory $K:wenet_squeezeformer --call $K:decode_streaming_call --level both
run wenet_effic_streaming $W $K:ASRModel decode --factory $K:wenet_efficonformer --call $K:decode_streaming_call --level both
run wenet_paraformer_decode $W $K:Paraformer decode --factory $K:wenet_paraformer --call $K:paraformer_decode_call --level both
run wenet_sensevoice_decode $W $K:SenseVoiceSmall decode --factory $K:wenet_sensevoice --call $K:sensevoice_decode_call --level both
run wenet_transducer_train $W $K:Transducer forward --factory $K:wenet_transducer_embedding --call $K:transducer_train_call --level both
D=$C16/diffuser
# diffuser: training's loss(*batch) (predict_epsilon False as configured, and True as a flag), the sampling forward,
# ValueDiffusion's training loss and forward
run diffuser_loss $D $K:GaussianDiffusion loss --factory $K:diffuser_model --call $K:diffuser_loss_call --level both
run diffuser_loss_eps $D $K:GaussianDiffusion loss --factory $K:diffuser_model_eps --call $K:diffuser_loss_call --level both
run diffuser_sample $D $K:GaussianDiffusion forward --factory $K:diffuser_model --call $K:diffuser_sample_call --level both
run diffuser_sample_eps $D $K:GaussianDiffusion forward --factory $K:diffuser_model_eps --call $K:diffuser_sample_call --level both
run value_loss $D $K:ValueDiffusion loss --factory $K:value_model --call $K:value_loss_call --level both
run value_forward $D $K:ValueDiffusion forward --factory $K:value_model --call $K:value_forward_call --level both
P=$C16/pixel-nerf/src
# pixel-nerf: eval_real.py / eval_approx.py (encode without c), eval.py / gen_video.py / train.py (c given)
run pixelnerf_eval_real $P $K:PixelNeRFNet encode --factory $K:pixelnerf_model --call $K:pixelnerf_eval_real_call --level both
run pixelnerf_eval $P $K:PixelNeRFNet encode --factory $K:pixelnerf_model --call $K:pixelnerf_eval_call --level both
# flair: DeepNCMDecoder's outside callers (DeepNCMPlugin's update_prototypes; the tests' get_closest_prototypes,
# get_prototype), each after a training step through the decoder's forward
run deepncm_update $C16/flair $K:DeepNCMDecoder update_prototypes --factory $K:deepncm_decoder --call $K:deepncm_update_call --level both
run deepncm_closest $C16/flair $K:DeepNCMDecoder get_closest_prototypes --factory $K:deepncm_decoder --call $K:deepncm_closest_call --level both
run deepncm_get_prototype $C16/flair $K:DeepNCMDecoder get_prototype --factory $K:deepncm_decoder --call $K:deepncm_get_prototype_call --level both
# pyannote-audio: the wespeaker ResNet34 driven as WeSpeakerResNet34.forward_frames/forward_embedding do (second
# reading of the AB rows), and through its forward
run wespeaker_frames_embedding $C16/pyannote-audio/src $K:WeSpeakerResNet forward_frames --factory $K:wespeaker_resnet34 --call $K:wespeaker_frames_embedding_call --level both
run wespeaker_forward $C16/pyannote-audio/src $K:WeSpeakerResNet forward --factory $K:wespeaker_resnet34 --call $K:wespeaker_forward_call --level both
# tianshou: the nets' device reads at leaf level
TS=$C16/tianshou
run ts_mlp $TS $K:TsMLP forward --factory $K:ts_mlp --call $K:ts_mlp_call --level both
run ts_critic $TS $K:TsContinuousCritic forward --factory $K:ts_critic --call $K:ts_critic_call --level both
run ts_critic_obs_only $TS $K:TsContinuousCritic forward --factory $K:ts_critic_obs_only --call $K:ts_critic_obs_only_call --level both
run ts_recurrent_critic $TS $K:TsRecurrentCritic forward --factory $K:ts_recurrent_critic --call $K:ts_recurrent_critic_call --level both
run ts_icm $TS $K:TsICM forward --factory $K:ts_icm --call $K:ts_icm_call --level both
