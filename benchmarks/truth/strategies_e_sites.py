"""The sites of benchmarks/truth/strategies_e.toml and the checks that label them (docs/strategies-truth-e.md).

* The random half: ``strategies_e_draw.json``, the whole-tree findings of commit f874cee drawn with
  ``benchmarks/triage_sample.py diffusers.json transformers.json other.json --seed 20261228 --size 16 --floor 1
  --strategy S --json`` per strategy (paths made relative to their package). ``RANDOM_CHECKS`` names the check of
  label_strategies_e.py that runs each drawn line; a drawn line with none is recorded with the stock confirmer's
  verdict (``benchmarks/triage_confirm.py sample_S.json --strategy S --timeout 30``).
* The blind half: ``python benchmarks/truth/blind_scan.py --round e --seed 20261228 --per-pattern 3`` (51 hits, in
  the printed order), run before the linter's output on these files was read. ``BLIND`` lists every hit: the check
  that runs it, or why it is not taken.
* Every line a check runs is labelled under all four strategies: under the strategy whose draw holds it the row's
  source is "random (seed 20261228)"; a blind hit's rows are "blind: PATTERN" under every strategy; a drawn line's
  rows under the other strategies are "same line (drawn under S)".
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = 20261228
RANDOM = f"random (seed {SEED})"
STRATEGIES = ("accelerate-sequential", "model-cpu-offload", "fsdp2", "zero3")
CONFIRMER = "benchmarks/triage_confirm.py (the stock confirmer, 30 s): "

# (path, line) of a drawn row -> the check that runs it ("" = none: the stock confirmer's verdict).
RANDOM_CHECKS: dict[tuple[str, int], str] = {
    ("models/vision_transformer_sam.py", 600): "timm-samvit-intermediates",
    ("models/vision_transformer_sam.py", 657): "timm-samvit-features",
    ("models/reformer/modeling_reformer.py", 692): "reformer-lsh-generate",
    ("models/sam/modeling_sam.py", 635): "sam-prompt-points",
    ("models/sam2_video/modeling_sam2_video.py", 1315): "sam2-video-prompt-boxes",
    ("models/transformers/transformer_chronoedit.py", 235): "chronoedit-fuse",
    ("tuners/boft/layer.py", 615): "boft-forward",
    ("models/bark/modeling_bark.py", 1041): "bark-fine-forward",
    ("models/fastvit.py", 919): "timm-fastvit-reparameterize",
    ("models/fastvit.py", 931): "timm-fastvit-reparameterize",
    ("pipelines/deprecated/stable_diffusion_gligen/pipeline_stable_diffusion_gligen_text_image.py", 945):
        "vae-device-then-encode",
    ("pipelines/flux2/pipeline_flux2.py", 553): "causal-lm-generate",
    ("pipelines/cosmos/pipeline_cosmos_text2world.py", 512): "module-to-device",
    ("models/blip_2/modeling_blip_2.py", 1550): "blip2-image-features",
    ("models/deit.py", 124): "timm-deit-forward-head",
    ("models/swiftformer.py", 551): "timm-swiftformer-features",
    ("models/iformer.py", 114): "timm-iformer-reparameterize",
    ("models/deepseek_vit.py", 533): "timm-deepseek-vit-reset",
    ("pipelines/deprecated/versatile_diffusion/pipeline_versatile_diffusion_text_to_image.py", 125):
        "clip-text-projection-after-encode",
    ("pipelines/anyflow/pipeline_anyflow.py", 372): "wan-vae-private-encode",
    ("models/coat.py", 685): "timm-coat-intermediates",
    ("models/nextvit.py", 671): "timm-nextvit-intermediates",
    ("models/vgg.py", 267): "timm-vgg-intermediates",
    ("models/xcit.py", 565): "timm-xcit-intermediates",
    ("community/marigold_depth_estimation.py", 406): "vae-encoder-child",
    ("community/pipeline_fabric.py", 735): "vae-public-decode",
    ("pipelines/animatediff/pipeline_animatediff_controlnet.py", 462): "vae-public-decode",
    ("pipelines/deprecated/controlnet_xs/pipeline_controlnet_xs_sd_xl.py", 1097): "vae-public-decode",
    ("pipelines/pag/pipeline_pag_controlnet_sd_inpaint.py", 1525): "vae-public-decode",
    ("tuners/oft/layer.py", 293): "oft-get-weight",
    ("models/autoencoders/autoencoder_same.py", 491): "same-encode",
    ("models/volo.py", 1106): "timm-volo-intermediates",
    ("models/repvit.py", 102): "timm-repvit-reparameterize",
    ("models/repvit.py", 97): "timm-repvit-reparameterize",
    ("models/transformers/transformer_helios.py", 246): "helios-fuse",
    ("models/transformers/transformer_skyreels_v2.py", 231): "skyreels-fuse",
    ("models/transformers/transformer_wan_animate_2.py", 384): "wan-animate-2-fuse",
    ("tuners/ia3/layer.py", 283): "ia3-conv-merge",
    ("peft_model.py", 1040): "peft-disable-adapter",
    ("pipelines/deprecated/vq_diffusion/pipeline_vq_diffusion.py", 135): "vq-learned-embeddings",
    ("pipelines/deprecated/unclip/pipeline_unclip.py", 354): "prior-post-process",
}
# Checks that re-enact the site's line on the real component (the line is pipeline or script code calling the
# component: the check makes the same call on the same class) rather than run the file the line is in.
RE_ENACTED = {"clip-text-projection-after-encode", "final-layer-norm-after-encode", "clip-token-embedding-rows",
              "cogvideox-vae-encode", "wan-vae-public-encode", "vae-public-decode", "vae-encoder-child",
              "vae-device-then-encode", "vae-dtype-line", "ltx2-audio-latents-mean", "ltx2-video-latents-mean",
              "prior-post-process", "vq-learned-embeddings", "wan-vae-private-encode"}
# A method-run check and the check of the site's line alone, for sites whose method breaks at an earlier line
# first under some strategy (the row then takes the line-alone verdict, and says so).
ALONE = {"timm-samvit-intermediates": "timm-samvit-pos-embed-alone", "timm-samvit-features": "timm-samvit-pos-embed-alone",
         "timm-volo-intermediates": "timm-volo-pos-embed-alone", "timm-deit-forward-head": "timm-deit-head-dist-alone",
         "timm-swiftformer-features": "timm-swiftformer-norm-alone", "timm-coat-intermediates": "timm-coat-cpe2-alone",
         "timm-nextvit-intermediates": "timm-nextvit-stage-alone", "timm-vgg-intermediates": "timm-vgg-features-alone",
         "timm-xcit-intermediates": "timm-xcit-block-alone", "helios-fuse": "helios-add-kv-bias-cat-alone",
         "skyreels-fuse": "skyreels-qkv-cat-alone", "wan-animate-2-fuse": "wan-animate-2-qkv-cat-alone"}
RE_ENACTED |= set(ALONE.values())
# Checks whose un-offloaded run does not execute the site's line (label_strategies_e.py CHECK --reach PATH LINE
# said so): their verdict says nothing about the line; the line-alone check decides where there is one.
NOT_REACHED = {("timm-nextvit-intermediates", 671), ("timm-xcit-intermediates", 565), ("timm-shvit-reparameterize", 121)}
# A re-enacted check that runs the site's line and the call on the next line, and its control: the same two lines
# with the site's line done right (the tensor placed on the execution device). Where the control breaks as well,
# the break is the next line's own, and the site's line is a negative.
CONTROL = {"vae-device-then-encode": "vae-device-control"}
# Checks that run a stand-in for the site's class (said in the evidence).
STAND_INS = {
    "causal-lm-generate": "stand-in: GPT2LMHeadModel for the pipeline's text_encoder (Mistral3) — ",
    "module-to-device": "stand-in: a two-layer model for the guardrail safety checker (cosmos_guardrail is not "
                        "installed) — ",
    "numel-count": "stand-in: a two-layer model for the script's parameters — ",
    "next-parameters-device": "stand-in: a two-layer model for the module whose first parameter is read — ",
    "state-dict-copy": "stand-in: a two-layer model for the copied module — ",
    "cast-training-params": "diffusers' cast_training_params on a two-layer model — ",
    "requires-grad-off": "stand-in: a two-layer model for the script's model — ",
    "ema-copy-to": "diffusers' EMAModel.copy_to on a two-layer model — ",
}


@dataclass(frozen=True)
class Blind:
    """A blind-scan hit: the check that runs it, or (check "") why it is not taken."""

    pattern: str
    tree: str
    path: str
    line: int
    cls: str
    method: str
    attribute: str
    check: str
    not_taken: str = ""


INIT = "runs at construction, before any strategy is applied: no strategy decides it"
BLIND: tuple[Blind, ...] = (
    Blind("component-device", "peft", "tuners/cpt/model.py", 133, "CPTEmbedding", "get_projection",
          "delta_embedding.weight", "", "CPTConfig needs a tokenized template (cpt_token_ids, masks) to build; not run"),
    Blind("component-device", "transformers", "models/fsmt/modeling_fsmt.py", 1069, "SinusoidalPositionalEmbedding",
          "make_weight", "weight", "fsmt-positions-extend"),
    Blind("component-device", "transformers", "models/sam3_tracker_video/modeling_sam3_tracker_video.py", 1715,
          "Sam3TrackerVideoModel", "get_image_wide_positional_embeddings", "shared_image_embedding.positional_embedding",
          "", "Sam3TrackerVideoModel needs a full SAM3 vision config; not built here"),
    Blind("own-device-outside-forward", "timm", "task/classification.py", 197, "ClassificationTask", "get_evaluator",
          "device", "", "a training task's own device argument, not a module's tensor"),
    Blind("own-device-outside-forward", "transformers", "generation/logits_process.py", 2871,
          "SynthIDTextWatermarkLogitsProcessor", "_compute_keys", "device", "",
          "a logits processor's device argument, not a module's tensor"),
    Blind("own-device-outside-forward", "examples", "server/server.py", 56, "TextToImagePipeline", "start", "device",
          "", "a server's device argument (.to() of a whole pipeline at start-up)"),
    Blind("child-weight-in-parent", "transformers", "models/wavlm/modeling_wavlm.py", 71, "WavLMPositionalConvEmbedding",
          "__init__", "conv.weight", "", INIT),
    Blind("child-weight-in-parent", "transformers", "models/sapiens2/modeling_sapiens2.py", 197, "Sapiens2Embeddings",
          "forward", "patch_embeddings.weight", "", "Sapiens2 needs its own config class chain; not built in time"),
    Blind("child-weight-in-parent", "diffusers", "models/unets/unet_stable_cascade.py", 395, "StableCascadeUNet",
          "_init_weights", "clip_txt_pooled_mapper.weight", "", INIT),
    Blind("child-weight-to-functional", "timm", "models/eva.py", 262, "EvaAttention", "forward", "qkv.weight",
          "timm-eva-forward"),
    Blind("child-weight-to-functional", "timm", "models/beit.py", 225, "Attention", "forward", "qkv.weight",
          "timm-beit-forward"),
    Blind("child-weight-to-functional", "timm", "models/swin_transformer_v2.py", 262, "WindowAttention", "forward",
          "qkv.weight", "timm-swinv2-forward"),
    Blind("whole-param-write", "diffusers", "training_utils.py", 336, "", "cast_training_params", "data",
          "cast-training-params"),
    Blind("whole-param-write", "examples", "text_to_image/train_text_to_image.py", 1103, "", "main", "unet",
          "ema-copy-to"),
    Blind("whole-param-write", "examples", "instruct_pix2pix/train_instruct_pix2pix.py", 1012, "", "main", "unet",
          "ema-copy-to"),
    Blind("component-child-method", "diffusers",
          "pipelines/deprecated/stable_diffusion_sag/pipeline_stable_diffusion_sag.py", 316,
          "StableDiffusionSAGPipeline", "encode_prompt", "text_encoder.text_model.final_layer_norm",
          "final-layer-norm-after-encode"),
    Blind("component-child-method", "examples", "community/pipeline_animatediff_img2video.py", 420,
          "AnimateDiffImgToVideoPipeline", "encode_prompt", "text_encoder.text_model.final_layer_norm",
          "final-layer-norm-after-encode"),
    Blind("component-child-method", "diffusers", "pipelines/stable_diffusion/pipeline_onnx_stable_diffusion_inpaint.py",
          500, "OnnxStableDiffusionInpaintPipeline", "__call__", "unet.model.get_inputs", "",
          "an ONNX Runtime session, not a torch module"),
    Blind("private-helper-of-decorated", "diffusers", "pipelines/anyflow/pipeline_anyflow.py", 372, "AnyFlowPipeline",
          "encode_video", "vae._encode", "wan-vae-private-encode"),
    Blind("private-helper-of-decorated", "diffusers", "pipelines/anyflow/pipeline_anyflow_far.py", 392,
          "AnyFlowFARPipeline", "encode_video", "vae._encode", "wan-vae-private-encode"),
    Blind("decorated-public", "diffusers", "pipelines/helios/pipeline_helios.py", 415, "HeliosPipeline",
          "prepare_video_latents", "vae.encode", "wan-vae-public-encode"),
    Blind("decorated-public", "diffusers", "pipelines/consisid/pipeline_consisid.py", 481, "ConsisIDPipeline",
          "prepare_latents", "vae.encode", "cogvideox-vae-encode"),
    Blind("decorated-public", "diffusers", "pipelines/flux/pipeline_flux_kontext_inpaint.py", 1422,
          "FluxKontextInpaintPipeline", "__call__", "vae.decode", "vae-public-decode"),
    Blind("generate-get-encoder", "peft", "tuners/lora/model.py", 88, "", "_get_encoder", "get_encoder",
          "t5-get-encoder-only"),
    Blind("generate-get-encoder", "peft", "tuners/mixed/model.py", 319, "MixedModel", "generate", "model.generate",
          "causal-lm-generate"),
    Blind("generate-get-encoder", "transformers", "models/qwen3_5_moe/modeling_qwen3_5_moe.py", 1886,
          "Qwen3_5MoeForConditionalGeneration", "forward", "generate", "", "a docstring example"),
    Blind("buffer-read", "diffusers", "pipelines/ltx2/pipeline_ltx2.py", 1624, "LTX2Pipeline", "__call__",
          "audio_vae.latents_mean", "ltx2-audio-latents-mean"),
    Blind("buffer-read", "diffusers", "pipelines/ltx2/pipeline_ltx2.py", 1655, "LTX2Pipeline", "__call__",
          "vae.latents_mean", "ltx2-video-latents-mean"),
    Blind("buffer-read", "diffusers", "pipelines/ltx2/pipeline_ltx2_dfr_temporal_refine.py", 1097,
          "LTX2DFRTemporalRefinePipeline", "upsample_latents", "vae.latents_mean", "ltx2-video-latents-mean"),
    Blind("param-numel", "diffusers", "models/model_loading_utils.py", 813, "", "_caching_allocator_warmup", "numel",
          "", "counts a state dict's tensors before loading (no module under a strategy)"),
    Blind("param-numel", "examples", "cosmos/train_cosmos_predict25_lora.py", 549, "", "main", "numel",
          "numel-count"),
    Blind("param-numel", "peft", "tuners/vblora/model.py", 169, "VBLoRAModel", "get_nb_savable_parameters", "numel",
          "numel-count"),
    Blind("next-parameters-device", "transformers", "models/vibevoice/generation_vibevoice.py", 462,
          "VibeVoiceGenerationMixin", "_sample_audio_latent", "model.diffusion_head", "next-parameters-device"),
    Blind("next-parameters-device", "examples", "community/pipeline_faithdiff_stable_diffusion_xl.py", 595,
          "UNet2DConditionModel", "load_additional_layers", "parameters", "next-parameters-device"),
    Blind("next-parameters-device", "examples", "research_projects/anytext/anytext.py", 1079, "AuxiliaryLatentModule",
          "forward", "config.vae", "next-parameters-device"),
    Blind("dtype-read", "diffusers", "pipelines/ltx/pipeline_ltx_i2v_long_multi_prompt.py", 1107,
          "LTXI2VLongMultiPromptPipeline", "__call__", "vae.dtype", "vae-dtype-line"),
    Blind("dtype-read", "diffusers", "pipelines/ltx2/pipeline_ltx2_image2video.py", 1762, "LTX2ImageToVideoPipeline",
          "__call__", "vae.dtype", "vae-dtype-line"),
    Blind("dtype-read", "diffusers", "pipelines/ledits_pp/pipeline_leditspp_stable_diffusion_xl.py", 1353,
          "LEditsPPPipelineStableDiffusionXL", "__call__", "vae.post_quant_conv", "vae-dtype-line"),
    Blind("state-dict-read", "diffusers", "models/controlnets/controlnet.py", 515, "ControlNetModel", "from_unet",
          "down_blocks", "state-dict-copy"),
    Blind("state-dict-read", "diffusers", "models/controlnets/controlnet_xs.py", 1541,
          "ControlNetXSCrossAttnMidBlock2D", "from_modules", "base_midblock", "state-dict-copy"),
    Blind("state-dict-read", "timm", "utils/model.py", 28, "", "get_state_dict", "state_dict", "state-dict-copy"),
    Blind("embedding-weight-rows", "examples", "advanced_diffusion_training/train_dreambooth_lora_sd15_advanced.py", 850,
          "TokenEmbeddingsHandler", "retract_embeddings", "token_embedding.weight", "clip-token-embedding-rows"),
    Blind("embedding-weight-rows", "examples", "advanced_diffusion_training/train_dreambooth_lora_sdxl_advanced.py", 940,
          "TokenEmbeddingsHandler", "initialize_new_tokens", "token_embedding.weight", "clip-token-embedding-rows"),
    Blind("embedding-weight-rows", "transformers", "models/gemma4/modeling_gemma4.py", 1731, "Gemma4TextModel",
          "get_per_layer_inputs", "embed_tokens.weight", "", "Gemma4 needs per-layer-input config; not built in time"),
    Blind("weight-transpose-matmul", "timm", "models/shvit.py", 121, "NormLinear", "fuse", "l.weight",
          "timm-shvit-reparameterize"),
    Blind("weight-transpose-matmul", "diffusers", "quantizers/bfl/utils.py", 186, "", "forward", "weight", "",
          "an FP8 kernel (torch._scaled_mm) this CPU cannot run"),
    Blind("weight-transpose-matmul", "transformers", "models/deberta_v2/modeling_deberta_v2.py", 864,
          "DebertaV2LMPredictionHead", "forward", "word_embeddings.weight", "deberta-mlm-forward"),
    Blind("requires-grad-toggle", "examples", "dreambooth/train_dreambooth_lora_flux2_klein_img2img.py", 1185, "",
          "main", "transformer", "requires-grad-off"),
    Blind("requires-grad-toggle", "examples", "cogview4-control/train_control_cogview4.py", 787, "", "main", "vae",
          "requires-grad-off"),
    Blind("requires-grad-toggle", "examples", "dreambooth/train_dreambooth.py", 987, "", "load_model_hook",
          "text_encoder", "requires-grad-off"),
)


def draw() -> list[dict]:
    return json.loads((HERE / "strategies_e_draw.json").read_text())


def _fields(**fields: object) -> list[str]:
    return ["[[site]]"] + [f"{k} = {json.dumps(v) if isinstance(v, str) else v}" for k, v in fields.items()] + [""]


def _label(verdict: str) -> str:
    return {"confirmed": "positive", "refuted": "negative"}.get(verdict, "unsure")


def decide(check: str, tree: str, path: str, line: int, strategy: str, verdict: dict) -> dict:
    """The row's verdict from its check's run. A check that runs the site's own file must have broken *at* the
    site's line (its ``stack`` holds path:line) for the row to be confirmed; where the run broke at another line
    first (or later, on a value the site's line made), the run does not say whether the site's line itself breaks
    and the row is untriggered (unsure) unless a line-alone check decides it. Under ZeRO-3
    ``IndexError: tuple index out of range`` at the site's line is a shape index into a one-dimensional, size-0
    partition: confirmed."""
    verdict = dict(verdict)
    if (check, line) in NOT_REACHED:
        return {"verdict": "untriggered", "evidence": "the check's un-offloaded run does not execute this line"}
    stack = verdict.get("stack", "")
    here = f"{'' if tree == 'examples' else tree + '/'}{path}:{line}"
    if (strategy == "zero3" and verdict["verdict"] == "untriggered" and "tuple index out of range" in
            verdict["evidence"] and here in stack):
        verdict["verdict"] = "confirmed"
        verdict["evidence"] = "a shape index into a size-0 partition at the site's line: " + verdict["evidence"]
    if verdict["verdict"] != "confirmed" or check in RE_ENACTED or check in STAND_INS or not stack:
        return verdict
    if here not in stack:
        verdict["verdict"] = "untriggered"
        verdict["evidence"] = (f"broke at another line than the site's (at {stack.split(' <- ')[0]}; an earlier "
                               f"one, or a later one using what the site made): " + verdict["evidence"])
    return verdict


def toml_text(labels: list[dict], confirmer: list[dict]) -> str:
    by_check = {(row["check"], row["strategy"]): row for row in labels}
    stock = {(row["strategy"], row["line"], row.get("attribute", "")): row for row in confirmer}
    out = ["# Per-strategy truth set, part e: sites nobody wrote the rules for, each labelled by a run under the",
           "# strategy's real library on CPU (benchmarks/truth/label_strategies_e.py; docs/strategies-truth-e.md).",
           f"# source: \"{RANDOM}\" = drawn from the whole-tree findings under that strategy",
           "# (strategies_e_draw.json); \"blind: PATTERN\" = found by blind_scan.py --round e; \"same line (drawn under",
           "# S)\" = a drawn line labelled under another strategy too. tree \"examples\" = diffusers' examples/ at",
           "# /tmp/corp/examples (score_strategies.py --examples).", "",
           "[versions]", 'diffusers = "0.42.1"', 'transformers = "5.24.0"', 'peft = "0.21.2"', 'timm = "1.0.31"', ""]
    seen: set[tuple[str, int, str]] = set()

    def row(tree: str, path: str, line: int, cls: str, method: str, attribute: str, strategy: str, source: str,
            check: str, verdict: dict | None, rid: str) -> None:
        if (path, line, strategy) in seen:
            return
        seen.add((path, line, strategy))
        if verdict is None:
            return
        if check:
            verdict = decide(check, tree, path, line, strategy, verdict)
            control = by_check.get((CONTROL.get(check, ""), strategy))
            if verdict["verdict"] == "confirmed" and control is not None and control["verdict"] == "confirmed":
                verdict = {"verdict": "refuted",
                           "evidence": f"the next line breaks with or without this one (control {CONTROL[check]}: "
                                       f"{control['evidence'][:160]}); with this line: {verdict['evidence'][:160]}"}
            alone = by_check.get((ALONE.get(check, ""), strategy))
            if verdict["verdict"] == "untriggered" and alone is not None:
                verdict = {**alone, "evidence": f"the method {verdict['evidence'][:200]}; the line alone "
                                                f"({ALONE[check]}): {alone['evidence']}"}
        evidence = STAND_INS.get(check, "") + verdict["evidence"]
        if verdict.get("stack"):
            evidence += f" [stack: {verdict['stack']}]"
        out.extend(_fields(id=rid, tree=tree, path=path, line=line, **{"class": cls}, method=method,
                           attribute=attribute, strategy=strategy, label=_label(verdict["verdict"]),
                           runtime=verdict["verdict"], source=source,
                           confirm=f"python benchmarks/truth/label_strategies_e.py {check} {strategy}" if check else
                           "python benchmarks/triage_confirm.py sample_S.json --strategy S --timeout 30",
                           evidence=evidence[:600]))

    drawn = draw()
    for r in drawn:  # the random half, each under the strategy that drew it
        check = RANDOM_CHECKS.get((r["path"], r["line"]), "")
        if check:
            verdict = by_check.get((check, r["strategy"]))
        else:
            hit = stock.get((r["strategy"], r["line"], r["attribute"]))
            said = (hit or {}).get("verdict") or {}
            said = said if isinstance(said, dict) else {"verdict": said, "evidence": hit.get("evidence", "")}
            verdict = ({"verdict": said.get("verdict", "untriggered"),
                        "evidence": CONFIRMER + (said.get("evidence") or said.get("error") or "")}
                       if hit else {"verdict": "untriggered", "evidence": CONFIRMER + "not run"})
        row(r["tree"], r["path"], r["line"], r["cls"], r["method"], r["attribute"], r["strategy"], RANDOM, check,
            verdict, f"e-{Path(r['path']).stem}-{r['line']}-{r['strategy']}")
    for b in BLIND:  # the blind half, under every strategy
        if not b.check:
            continue
        for strategy in STRATEGIES:
            row(b.tree, b.path, b.line, b.cls, b.method, b.attribute, strategy, f"blind: {b.pattern}", b.check,
                by_check.get((b.check, strategy)), f"e-{Path(b.path).stem}-{b.line}-{strategy}")
    for r in drawn:  # a drawn line a check runs, under the other strategies
        check = RANDOM_CHECKS.get((r["path"], r["line"]), "")
        if not check:
            continue
        for strategy in STRATEGIES:
            row(r["tree"], r["path"], r["line"], r["cls"], r["method"], r["attribute"], strategy,
                f"same line (drawn under {r['strategy']})", check, by_check.get((check, strategy)),
                f"e-{Path(r['path']).stem}-{r['line']}-{strategy}")
    return "\n".join(out)
