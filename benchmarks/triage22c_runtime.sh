#!/usr/bin/env bash
# Runtime checks of the issue-22 "c" triage rows the default confirmer could not build or trigger
# (docs/triage-issue22-c.md, column "runtime"). Each run's JSON (every access) goes to $OUT/<name>.json.
# Needs the corpora and stubs named in the doc: RT (PYTHONPATH of the corpora and stubs) and LRSTUBS.
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/t22c/runtime}
mkdir -p "$OUT"
export PYTHONPATH="$PWD:${RT:?set RT to the corpora and stubs PYTHONPATH}"
K=benchmarks.triage22c_cases
run() { name=$1; shift; echo "### $name: $*"; timeout 600 python -m offload_lint confirm "$@" --timeout 120 --backend tracking --output-format json > "$OUT/$name.json" 2> "$OUT/$name.err"; python - "$OUT/$name.json" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception as e:
    print("  (no json)", e); sys.exit()
for level, r in d["levels"].items():
    print(f"  {level}: {r['verdict']}: {r.get('evidence', '')[:400]}")
PY
}
# open_clip
run clip_fi_logits open_clip.model:CLIP forward_intermediates --factory $K:clip_bias --call $K:clip_forward_intermediates_logits --level both
run customtext_get_logits open_clip.model:CustomTextCLIP get_logits --factory $K:custom_text_clip --call $K:clip_get_logits --level both
run modified_resnet_fi open_clip.modified_resnet:ModifiedResNet forward_intermediates --factory $K:modified_resnet --call $K:image_64_intermediates --level block
run clip_task_forward open_clip.task.clip_task:CLIPTask forward --factory $K:clip_task --call $K:task_compile_then_forward --level block
# torch
run adaptive_predict torch.nn.modules.adaptive:AdaptiveLogSoftmaxWithLoss predict --factory $K:adaptive_softmax --call $K:adaptive_predict --level block
run encoder_layer_fast torch.nn.modules.transformer:TransformerEncoderLayer forward --factory $K:encoder_layer_fast --call $K:encoder_layer_no_grad --level leaf
run linear_bn1d torch.ao.nn.intrinsic.qat.modules.linear_fused:LinearBn1d forward --factory $K:linear_bn1d --call $K:linear_bn1d_forward --level leaf
# misc
run clip_attnpool clip.model:AttentionPool2d forward --factory $K:clip_attnpool --call $K:attnpool_forward --level leaf
run hyper_vit vit_pytorch.simple_vit_with_hyper_connections:SimpleViT forward --factory $K:hyper_vit --call $K:image_32_forward --level leaf
# lerobot
run act_forward lerobot.policies.act.modeling_act:ACT forward --factory $K:act_model --call $K:act_forward --level leaf
run vq_ortho lerobot.policies.vqbet.vqbet_utils:VectorQuantize forward --factory $K:vector_quantize_ortho --call $K:vq_forward --level leaf
run tdmpc_select lerobot.policies.tdmpc.modeling_tdmpc:TDMPCPolicy select_action --factory $K:tdmpc_policy --call $K:tdmpc_select_action --level block
# torch conversion / fake-quant paths (rows 35, 36, 41)
run qat_conv_to_float torch.ao.nn.qat.modules.conv:_ConvNd to_float --factory $K:qat_conv --call $K:to_float_then_call --level both
run linear_bn1d_to_float torch.ao.nn.intrinsic.qat.modules.linear_fused:LinearBn1d to_float --factory $K:linear_bn1d --call $K:to_float_then_call --level both
run fixed_qparams torch.ao.quantization.fake_quantize:FixedQParamsFakeQuantize forward --factory $K:fixed_qparams_fake_quant --call $K:fake_quant_forward --level both
run whisper_device whisper.model:Whisper embed_audio --factory $K:whisper_model --call $K:whisper_decode_path --level both
# recall spot check
run recall_mpp vit_pytorch.mpp:MPP forward --factory $K:mpp --call $K:image_32_forward --level both
run recall_timm_tower open_clip.timm_model:TimmModel forward_intermediates --factory $K:timm_tower --call $K:image_160_intermediates --level both
# transformers' CLIPModel, the component lerobot's SARM processor calls (rows 15-16)
run clip_component_image transformers.models.clip.modeling_clip:CLIPModel get_image_features --level block
run clip_component_text transformers.models.clip.modeling_clip:CLIPModel get_text_features --level block
