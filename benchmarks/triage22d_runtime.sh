#!/usr/bin/env bash
# Runtime checks of the issue-22 "d" triage (docs/triage-issue22-d.md): the recall spot check's hazards and the
# sampled rows the default confirmer could not build or trigger. Each run's JSON (every access) goes to
# $OUT/<name>.json. Needs the corpora in C3 (/tmp/corp3), the dependency directory XTDEPS (einx,
# torch-einops-utils, loguru, frozendict: `pip install --no-deps --target`), and round c's stub finder in STUB 
# (/tmp/lrstub: every name of a module listed in LRSTUBS is a dummy).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22d/runtime}
C3=${C3:-/tmp/corp3}
mkdir -p "$OUT"
export LRSTUBS=${LRSTUBS:-dora,omegaconf,hydra,julius,torchaudio,av,colorlog,num2words,spacy,sentencepiece,demucs,librosa,soundfile,xformers,torchdiffeq,torchmetrics,pesq,pystoi,treetable,encodec,laion_clap,gradio}
export PYTHONPATH="$PWD:/tmp/lrstub:${STUB:-/tmp/t22dstub}:${XTDEPS:-/tmp/xtdeps}:${DDPM:-/tmp/t22dddp}:$C3/x-transformers:$C3/edm2:${ACROOT:-$C3/audiocraft}:${SAMSHIM:-/tmp/t22dsam}:$C3/parler-tts"
K=benchmarks.triage22d_cases
run() { confirm_case "$@"; }
# recall spot check
run recall_edm_sample denoising_diffusion_pytorch.elucidated_diffusion:ElucidatedDiffusion sample --factory $K:elucidated --call $K:elucidated_sample --level both
run recall_edm_train denoising_diffusion_pytorch.elucidated_diffusion:ElucidatedDiffusion forward --factory $K:elucidated --call $K:elucidated_train --level both
run recall_cae_encode x_transformers.continuous_autoencoder:ContinuousTransformerAutoencoder encode --factory $K:continuous_autoencoder --call $K:autoencoder_encode --level both
run recall_gmm_score toy_example:GaussianMixture score --factory $K:gaussian_mixture --call $K:mixture_score --level both
run recall_encodec_encode audiocraft.models.encodec:EncodecModel encode --factory $K:encodec --call $K:compression_encode --level both
run recall_encodec_decode audiocraft.models.encodec:EncodecModel decode --factory $K:encodec --call $K:compression_decode --level both
run recall_stereo_encode audiocraft.models.encodec:InterleaveStereoCompressionModel encode --factory $K:stereo_encodec --call $K:compression_encode --level both
run recall_stereo_decode audiocraft.models.encodec:InterleaveStereoCompressionModel decode --factory $K:stereo_encodec --call $K:compression_decode --level both
run recall_hf_encode audiocraft.models.encodec:HFEncodecCompressionModel encode --factory $K:hf_encodec --call $K:compression_encode --level both
run recall_hf_decode audiocraft.models.encodec:HFEncodecCompressionModel decode --factory $K:hf_encodec --call $K:compression_decode --level both
# sampled rows the default confirmer could not build or trigger
run hyper_connections x_transformers.x_transformers:HyperConnection prepare --factory $K:hyper_transformer --call $K:tokens_forward --level both
run nar_generate x_transformers.nonautoregressive_wrapper:NonAutoregressiveWrapper generate --factory $K:nar_wrapper --call $K:nar_generate --level block
run monotonic_linear denoising_diffusion_pytorch.continuous_time_gaussian_diffusion:MonotonicLinear forward --factory $K:monotonic_linear --call $K:features_4 --level leaf
run lut_conditioner audiocraft.modules.conditioners:LUTConditioner tokenize --factory $K:lut_conditioner --call $K:lut_tokenize_then_forward --level both
run rope_attention audiocraft.modules.rope:RotaryEmbedding get_rotation --factory $K:rope_attention --call $K:self_attention_16 --level leaf
run adversarial_train_adv audiocraft.adversarial.losses:AdversarialLoss train_adv --factory $K:adversarial_loss --call $K:adversarial_train_adv --level block
run vq_encode audiocraft.quantization.core_vq:VectorQuantization encode --factory $K:vector_quantization --call $K:vq_encode --level block
run vq_decode audiocraft.quantization.core_vq:VectorQuantization decode --factory $K:vector_quantization --call $K:vq_decode --level block
run lfm2_generate transformers.models.lfm2.modeling_lfm2:Lfm2ShortConv forward --factory $K:lfm2_lm --call $K:lm_generate --level leaf
run lfm2_moe_generate transformers.models.lfm2_moe.modeling_lfm2_moe:Lfm2MoeShortConv forward --factory $K:lfm2_moe_lm --call $K:lm_generate --level leaf
run clipseg_interpolate transformers.models.clipseg.modeling_clipseg:CLIPSegModel get_image_features --factory $K:clipseg_model --call $K:clipseg_image_features_48 --level leaf
run sam2_prompt sam2.modeling.sam.prompt_encoder:PromptEncoder forward --factory $K:sam2_prompt_encoder --call $K:sam2_prompt_then_decoder --level leaf
# Wan2.1: its t5.py calls torch.cuda.current_device() at import; WANSITE's sitecustomize answers "cpu" for it
PYTHONPATH="${WANSITE:-/tmp/t22dwan}:$PYTHONPATH:${WANSHIM:-/tmp/t22dwanpkg}" LRSTUBS=ftfy run wan_vae_encode wan.modules.vae:WanVAE_ encode --factory $K:wan_vae --call $K:wan_vae_encode --level block
run free_generate_model_device x_transformers.free_transformer:FreeTransformer generate --factory $K:free_transformer --call $K:free_generate_cpu_prompt --level both
run free_generate_input_device x_transformers.free_transformer:FreeTransformer generate --factory $K:free_transformer --call $K:free_generate_device_prompt --level both
run audioflamingo3_encoder transformers.models.audioflamingo3.modeling_audioflamingo3:AudioFlamingo3Encoder forward --factory $K:audioflamingo3_encoder --call $K:audio_features_16 --level leaf
run qwen3_5_moe_generate transformers.models.qwen3_5_moe.modeling_qwen3_5_moe:Qwen3_5MoeGatedDeltaNet forward --factory $K:qwen3_5_moe_lm --call $K:lm_generate --level leaf
run sam2_video sam2.sam2_video_predictor:SAM2VideoPredictor propagate_in_video --factory $K:sam2_video_predictor --call $K:sam2_track_video --level both
