#!/usr/bin/env bash
# Runtime checks of the fixes after triage round d's left causes (docs/triage-issue22-d.md, "Fixes after round d
# (left causes)"): the Perceiver decoder, and a sample of the findings round d's recall fixes added. Each run's
# JSON goes to $OUT/<name>.json. Needs the corpora (/tmp/corp2, /tmp/corp3) and round d's stub and dependency
# directories (see benchmarks/triage22d_runtime.sh).
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-benchmarks/fixes22/runtime}
C3=${C3:-/tmp/corp3}
C2=${C2:-/tmp/corp2}
mkdir -p "$OUT"
export LRSTUBS=${LRSTUBS:-dora,omegaconf,hydra,julius,torchaudio,av,colorlog,num2words,spacy,sentencepiece,demucs,librosa,soundfile,xformers,torchdiffeq,torchmetrics,pesq,pystoi,treetable,encodec,laion_clap,gradio,ftfy}
export PYTHONPATH="$PWD:/tmp/lrstub:${STUB:-/tmp/t22dstub}:${XTDEPS:-/tmp/xtdeps}:${DDPM:-/tmp/t22dddp}:$C3/x-transformers:$C3/edm2:${ACROOT:-$C3/audiocraft}:$C2/CLIP"
K=benchmarks.fixes22_cases
D=benchmarks.triage22d_cases
run() { name=$1; shift; [ -n "${ONLY:-}" ] && [[ ",$ONLY," != *",$name,"* ]] && return; echo "### $name: $*"
  timeout 900 python -m offload_lint confirm "$@" --timeout 300 --backend tracking --output-format json > "$OUT/$name.json" 2> "$OUT/$name.err"
  python - "$OUT/$name.json" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception as e:
    print("  (no json)", e); sys.exit()
for level, r in d["levels"].items():
    r["accesses"] = r.get("accesses", [])[:40]
    print(f"  {level}: {r['verdict']}: {r.get('evidence', '')[:400]}")
json.dump(d, open(sys.argv[1], "w"), indent=1)
PY
  [ -s "$OUT/$name.err" ] || rm -f "$OUT/$name.err"
}
P=transformers.models.perceiver.modeling_perceiver
# cause 1: the Perceiver decoder under its real root, and alone (the static finding's assumption)
run perceiver_learned_forward $P:PerceiverForImageClassificationLearned forward --factory $K:perceiver_learned --call $K:perceiver_classify --level both
run perceiver_decoder_query_alone $P:PerceiverClassificationDecoder decoder_query --factory $K:perceiver_classification_decoder --call $K:decoder_query_alone --level block
# cause 2: round d's new findings (x-transformers generate(), prompt placed on the compute device by the user)
run xt_autoregressive_generate x_transformers.autoregressive_wrapper:AutoregressiveWrapper generate --factory $K:autoregressive_wrapper --call $K:generate_from_prompt --level both
run xt_continuous_generate x_transformers.continuous:ContinuousAutoregressiveWrapper generate --factory $K:continuous_wrapper --call $K:continuous_generate --level block
run xt_xval_generate x_transformers.xval:XValAutoregressiveWrapper generate --factory $K:xval_wrapper --call $K:xval_generate --level block
run xt_belief_generate x_transformers.belief_state_wrapper:BeliefStateWrapper generate_with_suffix_cond --factory $K:belief_state_wrapper --call $K:belief_generate --level block
run xt_gpt_vae_generate x_transformers.gpt_vae:GPTVAE generate --factory $K:gpt_vae --call $K:gpt_vae_generate --level block
run xt_nar_generate x_transformers.nonautoregressive_wrapper:NonAutoregressiveWrapper generate --factory $D:nar_wrapper --call $D:nar_generate --level both
run xt_cae_encode x_transformers.continuous_autoencoder:ContinuousTransformerAutoencoder encode --factory $D:continuous_autoencoder --call $D:autoencoder_encode --level block
# denoising-diffusion-pytorch sample(): no tensor handed in (batch size only), or the classes the user placed
run ddpm_guided_sample denoising_diffusion_pytorch.guided_diffusion:GaussianDiffusion sample --factory $K:guided_diffusion --call $K:sample_batch --level block
run ddpm_cfg_sample denoising_diffusion_pytorch.classifier_free_guidance:GaussianDiffusion sample --factory $K:cfg_diffusion --call $K:cfg_sample --level block
run ddpm_simple_sample denoising_diffusion_pytorch.simple_diffusion:GaussianDiffusion sample --factory $K:simple_diffusion --call $K:sample_batch --level both
run ddpm_continuous_time_sample denoising_diffusion_pytorch.continuous_time_gaussian_diffusion:ContinuousTimeGaussianDiffusion sample --factory $K:continuous_time_diffusion --call $K:sample_batch --level both
run ddpm_continuous_time_train denoising_diffusion_pytorch.continuous_time_gaussian_diffusion:ContinuousTimeGaussianDiffusion forward --factory $K:continuous_time_diffusion --call $K:train_step --level leaf
run ddpm_v_param_sample denoising_diffusion_pytorch.v_param_continuous_time_gaussian_diffusion:VParamContinuousTimeGaussianDiffusion sample --factory $K:v_param_diffusion --call $K:sample_batch --level both
run ddpm_elucidated_sample denoising_diffusion_pytorch.elucidated_diffusion:ElucidatedDiffusion sample --factory $D:elucidated --call $D:elucidated_sample --level both
# openai CLIP encode_image / encode_text
run clip_encode_image clip.model:CLIP encode_image --factory $K:openai_clip --call $K:clip_encode_image --level block
run clip_encode_text clip.model:CLIP encode_text --factory $K:openai_clip --call $K:clip_encode_text --level both
# audiocraft compression models (round d's recall harnesses)
run ac_encodec_encode audiocraft.models.encodec:EncodecModel encode --factory $D:encodec --call $D:compression_encode --level block
run ac_encodec_decode audiocraft.models.encodec:EncodecModel decode --factory $D:encodec --call $D:compression_decode --level block
run ac_stereo_encode audiocraft.models.encodec:InterleaveStereoCompressionModel encode --factory $D:stereo_encodec --call $D:compression_encode --level block
run ac_stereo_decode audiocraft.models.encodec:InterleaveStereoCompressionModel decode --factory $D:stereo_encodec --call $D:compression_decode --level block
run ac_hf_encode audiocraft.models.encodec:HFEncodecCompressionModel encode --factory $D:hf_encodec --call $D:compression_encode --level block
run ac_hf_decode audiocraft.models.encodec:HFEncodecCompressionModel decode --factory $D:hf_encodec --call $D:compression_decode --level block
# Wan2.1 WanVAE_.decode
PYTHONPATH="${WANSITE:-/tmp/t22dwan}:$PYTHONPATH:${WANSHIM:-/tmp/t22dwanpkg}" run wan_vae_decode wan.modules.vae:WanVAE_ decode --factory $D:wan_vae --call $K:wan_vae_decode --level block
