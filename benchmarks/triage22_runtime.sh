#!/usr/bin/env bash
# Runtime checks of the issue-22 "b" triage rows the default confirmer could not build or trigger
# (docs/triage-issue22-b.md, column "runtime"). Needs a stub torchvision for timm: TVSTUB=/tmp/tvstub.
set -u
cd "$(dirname "$0")/.."
# TVSTUB: a directory holding a stub torchvision package and a stub ftfy module, for these runs only (never installed)
export PYTHONPATH="$PWD:${TVSTUB:-/tmp/tvstub}"
C="python -m offload_lint confirm"
K=benchmarks.triage22_cases
run() { echo "### $*"; timeout 600 $C "$@" --timeout 120 2>&1 | grep -v "^\s*$" | grep -v "^frame #" | cut -c1-1500; }
# peft
run peft.tuners.lora.monteclora:MontecloraSampler get_variational_loss --factory $K:monteclora --call $K:monteclora_loss --level both
run peft.tuners.oft.layer:OFTRotationModule get_weight --factory $K:oft_model --call $K:merge_all --level both
run peft.tuners.lora.variants:BlockDiagonalLinear weight_as_blockdiagonal_matrix --factory $K:bdlora_model --call $K:merge_all --level both
run peft.tuners.cpt.model:CPTEmbedding forward --factory $K:cpt_embedding --call $K:cpt_forward --level leaf
# timm
run timm.models.visformer:Visformer forward_intermediates --factory $K:visformer --call $K:image_64 --level both
run timm.models.volo:VOLO forward_intermediates --factory $K:volo --call $K:image_64 --level both
run timm.models.swin_transformer_v2_cr:SwinTransformerV2Cr forward_intermediates --factory $K:swinv2_cr --call $K:image_64 --level block
run timm.models.ghostnet:GhostNet forward_intermediates --factory $K:ghostnet --call $K:image_64_grad --level block --backend tracking
run timm.task.distillation:DistillationTeacher normalize_input --factory $K:distillation_teacher --call $K:teacher_normalize --level both
run timm.layers.patch_embed:PatchEmbedResamplerFixedOrigSize prewarm --factory $K:resampler --call $K:resampler_prewarm_then_forward --level both
run timm.layers.ml_decoder:MLDecoder forward --factory $K:ml_decoder --call $K:ml_decoder_forward --level leaf
run timm.models.convit:GPSA get_attention_map --factory $K:gpsa --call $K:gpsa_forward_then_map --level leaf
# transformers components the examples' pipelines call (OFL202 rows)
run transformers.models.clip.modeling_clip:CLIPModel get_image_features --level block
run transformers.models.clip.modeling_clip:CLIPModel get_text_features --level block
run transformers.models.whisper.modeling_whisper:WhisperForConditionalGeneration generate --factory $K:whisper --call $K:whisper_generate --level both --backend tracking
# recall spot check: hazards found by reading that the linter does not report
run peft.tuners.supertuning.layer:Linear forward --factory $K:supertuning_model --call $K:tiny_forward --level leaf
run peft.tuners.lora.dora:DoraLinearLayer forward --factory $K:dora_model --call $K:tiny_forward --level leaf
# recall: pipeline_stg_wan.py:580 replaces each block's forward (needs the examples' community/ on the path)
PYTHONPATH="$PYTHONPATH:${EXAMPLES:-/tmp/corp/examples}/community" run diffusers.models.transformers.transformer_wan:WanTransformer3DModel forward --factory $K:wan_transformer --call $K:wan_stg_call --level both --backend tracking
run timm.models.swiftformer:SwiftFormer reset_classifier --factory $K:swiftformer --call $K:reset_then_forward --level both --backend tracking
run timm.models.cspnext:CspNext reset_classifier --factory $K:cspnext --call $K:reset_then_forward --level both --backend tracking
run timm.models.cspnext:CspNext forward_head --factory $K:cspnext --call $K:features_then_head --level block --backend tracking
run timm.models.swiftformer:SwiftFormer forward_intermediates --factory $K:swiftformer --call $K:image_64 --level block --backend tracking
run timm.models.swiftformer:SwiftFormer forward_head --factory $K:swiftformer --call $K:features_then_head --level block --backend tracking
run timm.layers.classifier:ClassifierHead reset --factory $K:classifier_head --call $K:head_reset_then_forward --level both --backend tracking
# row 40: the forward-less RotaryEmbeddingMRope in Eva (moved by the hooked attention call) and NaFlexVit
run timm.layers.pos_embed_sincos:RotaryEmbeddingMRope get_embed --factory $K:eva_mrope --call $K:image_32_forward --level leaf --backend tracking
run timm.layers.pos_embed_sincos:RotaryEmbeddingMRope get_embed --factory $K:naflexvit_mrope --call $K:image_32_forward --level leaf --backend tracking
# row 12: merge through PEANuT adapters
run peft.tuners.peanut.layer:Linear _compute_delta_weight --factory $K:peanut_model --call $K:merge_all --level both --backend tracking
# rows 13-14: ShadowModel on generate() (equal widths: the backbone call at 704; shadow width 8: the projection at 710)
run peft.tuners.shadow.model:ShadowModel _compute_initial_shadow_state --factory $K:shadow_model --call $K:generate_tokens --level block --backend tracking
run peft.tuners.shadow.model:ShadowModel _compute_initial_shadow_state --factory $K:shadow_model_narrow --call $K:generate_tokens --level block --backend tracking
# rows 7-8: PeftModel with prompt tuning (save path; generate path)
run peft.peft_model:PeftModel get_prompt_embedding_to_save --factory $K:prompt_tuning_model --call $K:save_prompt_embeddings --level block --backend tracking
run peft.peft_model:PeftModel get_prompt --factory $K:prompt_tuning_model --call $K:generate_tokens --level block --backend tracking
