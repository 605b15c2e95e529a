#!/usr/bin/env bash
# Runtime checks of the issue-22 "e" triage (docs/triage-issue22-e.md): sampled rows the default confirmer could
# not build or trigger, through benchmarks/triage22e_cases.py. Each run's JSON goes to $OUT/<name>.json. Needs the
# corpora in C4 (/tmp/corp4) and round c's stub finder in STUB (/tmp/lrstub: every name of a module listed in
# LRSTUBS is a dummy; never installed).
set -u
cd "$(dirname "$0")/.."
. benchmarks/triage_runtime.sh
OUT=${OUT:-/tmp/t22e/runtime}
C4=${C4:-/tmp/corp4}
mkdir -p "$OUT"
export LRSTUBS=${LRSTUBS:-timm,einops_exts,alias_free_torch,torchaudio,vector_quantize_pytorch,dac,k_diffusion,x_transformers,local_attention,ema_pytorch,encodec,laion_clap,wandb,prefigure,webdataset,pedalboard,nnAudio,auraloss,sentencepiece,xformers,flash_attn}
export PYTHONPATH="$PWD:${STUB:-/tmp/lrstub}:$C4/HunyuanDiT:$C4/HunyuanDiT/kohya_ss-hydit/sd-scripts:$C4/chameleon:$C4/stable-audio-tools"
K=benchmarks.triage22e_cases
run() { confirm_case "$@"; }
run attention_pool hydit.modules.poolers:AttentionPool forward --factory $K:attention_pool --call $K:pool_text_states --level leaf
run mt5_get_cond library.hunyuan_models:MT5Embedder get_text_embeddings --factory $K:mt5_embedder --call $K:mt5_get_cond --level both
run vq_quantizer chameleon.inference.vqgan:VectorQuantizer2 forward --factory $K:vq_quantizer --call $K:quantize_latents --level leaf
run chameleon_pil chameleon.inference.vqgan:VQModel decode --factory $K:chameleon_vqgan --call $K:pil_from_img_toks --level both
run fsq_indices stable_audio_tools.models.fsq:DitheredFSQ indices_to_codes --factory $K:dithered_fsq --call $K:fsq_indices_to_codes --level both
run pqmf_inverse stable_audio_tools.models.pqmf:PQMF inverse --factory $K:pqmf --call $K:pqmf_inverse --level both
run number_embed_list stable_audio_tools.models.adp:NumberEmbedder forward --factory $K:number_embedder --call $K:number_embed_list --level leaf
run number_embed_tensor stable_audio_tools.models.adp:NumberEmbedder forward --factory $K:number_embedder --call $K:number_embed_tensor --level leaf
# LLaVA (rows 43/11 through the Llama variant, 44; the recall hazard llava_llama.py:186)
PYTHONPATH="$PYTHONPATH:$C4/LLaVA" run clip_tower llava.model.multimodal_encoder.clip_encoder:CLIPVisionTower forward --factory $K:clip_tower --call $K:tower_images --level both
PYTHONPATH="$PYTHONPATH:$C4/LLaVA" run llava_forward_image llava.model.language_model.llava_llama:LlavaLlamaForCausalLM forward --factory $K:llava_llama --call $K:llava_forward_with_image --level leaf
PYTHONPATH="$PYTHONPATH:$C4/LLaVA" run recall_llava_generate llava.model.language_model.llava_llama:LlavaLlamaForCausalLM generate --factory $K:llava_llama --call $K:llava_generate_text --level block
# imagen-pytorch (rows 15-18): beartype from IMDEPS (pip install --no-deps --target), the package's modules through
# IMGSHIM (symlinks of imagen_pytorch/*.py under an empty __init__)
PYTHONPATH="$PYTHONPATH:${IMDEPS:-/tmp/imdeps}:${IMGSHIM:-/tmp/t22eimg}" run imagen_sample $K:Imagen sample --factory $K:imagen --call $K:imagen_sample --level both
PYTHONPATH="$PYTHONPATH:${IMDEPS:-/tmp/imdeps}:${IMGSHIM:-/tmp/t22eimg}" run elucidated_sample $K:ElucidatedImagen sample --factory $K:elucidated_imagen --call $K:imagen_sample --level both
PYTHONPATH="$PYTHONPATH:${IMDEPS:-/tmp/imdeps}:${IMGSHIM:-/tmp/t22eimg}" run imagen_cascade $K:Imagen sample --factory $K:imagen_cascade --call $K:imagen_sample --level both
PYTHONPATH="$PYTHONPATH:${IMDEPS:-/tmp/imdeps}:${IMGSHIM:-/tmp/t22eimg}" run elucidated_cascade $K:ElucidatedImagen sample --factory $K:elucidated_cascade --call $K:imagen_sample --level both
# LTX-Video (rows 20, 21)
PYTHONPATH="$PYTHONPATH:$C4/LTX-Video" run ltx_vae_decode ltx_video.models.autoencoders.causal_video_autoencoder:CausalVideoAutoencoder decode --factory $K:ltx_vae --call $K:ltx_vae_decode --level block
PYTHONPATH="$PYTHONPATH:$C4/LTX-Video" run ltx_vae_decode_tiled ltx_video.models.autoencoders.causal_video_autoencoder:CausalVideoAutoencoder decode --factory $K:ltx_vae --call $K:ltx_vae_decode_hw_tiled --level block
PYTHONPATH="$PYTHONPATH:$C4/LTX-Video" run ltx_vae_encode_tiled ltx_video.models.autoencoders.causal_video_autoencoder:CausalVideoAutoencoder encode --factory $K:ltx_vae --call $K:ltx_vae_encode_hw_tiled --level block
# HunyuanDiT's vendored CLIP (rows 7, 8, 12): torchvision stubbed for the import only, targets through $K
run attention_pool_2d $K:AttentionPool2d forward --factory $K:attention_pool_2d --call $K:pool_feature_map --level leaf
run residual_attention_block $K:ResidualAttentionBlock forward --factory $K:residual_attention_block --call $K:block_tokens --level leaf
# kohya LoRA (rows 9, 14)
run lora_pre_calculation $K:LoRAInfModule get_weight --factory $K:lora_inf_module --call $K:lora_pre_calculation --level both
run lora_apply_to torch.nn:Sequential forward --factory $K:org_linear_root --call $K:lora_apply_then_forward --level leaf
# stable-audio-tools (rows 55, 60); the training package's imports stubbed as well
LRSTUBS="$LRSTUBS,audiotools,pytorch_lightning,lightning,matplotlib,descript_audio_codec" run oobleck_encoder stable_audio_tools.models.autoencoders:OobleckEncoder forward --factory $K:oobleck_encoder --call $K:encode_audio --level leaf
LRSTUBS="$LRSTUBS,audiotools,pytorch_lightning,lightning,matplotlib,descript_audio_codec" run fir_filter stable_audio_tools.training.losses.auraloss:FIRFilter forward --factory $K:fir_filter --call $K:fir_filter_pair --level leaf
