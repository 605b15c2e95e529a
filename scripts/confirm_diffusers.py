"""Regenerate the numbers of docs/confirm-diffusers.md.

    python scripts/confirm_diffusers.py [--out /tmp/confirm-run]

1. lints the installed diffusers tree (same as `offload-lint . --no-cache --output-format json`);
2. pass "stock": `offload_lint.confirm.annotate` on every finding with no configuration
   (what `offload-lint . --confirm` does from the diffusers directory);
3. pass "assisted": the same call with a ConfirmConfig that gives the classes whose
   constructor needs arguments a tiny factory, and the methods whose inputs cannot be
   synthesised (PIL images, `device` arguments, string flags) a call. Nothing in the
   confirmer is changed: factories/calls are the documented `[tool.offload-lint.confirm]`
   mechanism, passed as objects instead of "pkg.mod:func" strings;
4. writes findings.json, stock.json, assisted.json and a markdown summary to --out and prints
   the per-rule table and wall times.

Measured numbers (2-core CPU, no GPU) are in docs/confirm-diffusers.md.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import time
from pathlib import Path

# The confirmer itself now keeps the hub offline (C8); nothing to set here.

import diffusers  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from offload_lint.confirm import annotate  # noqa: E402
from offload_lint.confirm.config import ConfirmConfig, TargetConfig  # noqa: E402
from offload_lint.finding import Finding  # noqa: E402

DIFFUSERS = Path(diffusers.__file__).parent


# --------------------------------------------------------------------------------------------
# factories (called by the confirmer inside its backend's mode) and calls (module, device)
# --------------------------------------------------------------------------------------------
def _attention():
    from diffusers.models.attention_processor import Attention

    return Attention(query_dim=32, heads=2, dim_head=16, bias=True)


def _attention_fuse_then_forward(module, device):
    """fuse_qkv_projections() after offloading, then the forward that uses the fused layer."""
    import torch
    from diffusers.models.attention_processor import FusedAttnProcessor2_0

    x = torch.randn(1, 4, 32, device=device)
    module.fuse_projections()
    module.set_processor(FusedAttnProcessor2_0())
    return module(x)


def _wan_family(cls_path: str, **kwargs):
    def factory():
        from offload_lint.confirm.build import resolve

        return resolve(cls_path)(dim=32, heads=2, **kwargs)

    return factory


def _wan_fuse_then_forward(module, device):
    """fuse_projections() after offloading, then a self-attention forward that uses to_qkv."""
    import torch
    from diffusers.models.transformers.transformer_wan import WanAttnProcessor

    module.set_processor(WanAttnProcessor())  # the module is built with processor=None
    module.fuse_projections()
    x = torch.randn(1, 4, 32, device=device)
    return module(x)


def _mmaudio_autoencoder():
    from diffusers.models.autoencoders.autoencoder_mmaudio import MMAudioAutoencoder

    return MMAudioAutoencoder(mel_bins=8, latent_channels=4, hidden_channels=8, channel_multipliers=(1, 2),
                              layers_per_block=1)


def _mmaudio_encode(module, device):
    import torch

    return module.encode(torch.randn(1, 8, 16, device=device))


def _mmaudio_decode(module, device):
    import torch

    return module.decode(torch.randn(1, 4, 8, device=device))


def _soft_norm():
    from diffusers.models.autoencoders.autoencoder_same import SoftNormBottleneck

    return SoftNormBottleneck(dim=4)


def _vector_quantizer():
    from diffusers.models.autoencoders.vae import VectorQuantizer

    return VectorQuantizer(n_e=16, vq_embed_dim=4, beta=0.25, legacy=False)


def _hunyuan_pool():
    from diffusers.models.embeddings import HunyuanDiTAttentionPool

    return HunyuanDiTAttentionPool(spacial_dim=8, embed_dim=32, num_heads=2)


def _hunyuan_pool_call(module, device):
    import torch

    return module(torch.randn(2, 8, 32, device=device))


def _patched_lora():
    import torch
    from diffusers.models.lora import PatchedLoraProjection

    return PatchedLoraProjection(torch.nn.Linear(16, 16), rank=4)


def _rfd4():
    from diffusers.models.autoencoders.autoencoder_rfd4_proteina import RFD4ProteinaAutoencoder

    atom37 = [[True] * 37 for _ in range(147)]
    allowed = [[True] * 147 for _ in range(7)]
    return RFD4ProteinaAutoencoder(atom37_mask=atom37, allowed_residue_types=allowed, nlayers=1, token_dim=32,
                                   nheads=2, dim_cond=16, pair_repr_dim=16, token_type_emb_dim=8, latent_dim=8)


def _rfd4_call(module, device):
    """What the only caller (RFD4ProteinaPipeline) does with the property."""
    import torch

    token_type = torch.zeros(1, 4, dtype=torch.long, device=device)
    logits = torch.randn(1, 4, 147, device=device)
    allowed = module.allowed_residue_types.to(logits.device)[token_type.long()]
    return logits.masked_fill(~allowed, 0.0)


def _rfd4_raw(module, device):
    """The property's value used as is (no .to(device)): what a careless caller would do."""
    import torch

    token_type = torch.zeros(1, 4, dtype=torch.long, device=device)
    logits = torch.randn(1, 4, 147, device=device)
    return logits.masked_fill(~module.allowed_residue_types[token_type], 0.0)


def _blip_qformer():
    from diffusers.pipelines.deprecated.blip_diffusion.modeling_blip2 import Blip2QFormerModel
    from transformers import Blip2Config

    config = Blip2Config(
        vision_config=dict(hidden_size=32, intermediate_size=37, num_hidden_layers=1, num_attention_heads=2,
                           image_size=16, patch_size=8),
        qformer_config=dict(vocab_size=99, hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                            intermediate_size=37, encoder_hidden_size=32, max_position_embeddings=64),
        num_query_tokens=4,
    )
    config.text_config.hidden_size = 32
    return Blip2QFormerModel(config)


def _safety_checker(cls_path: str):
    def factory():
        from offload_lint.confirm.build import resolve
        from transformers import CLIPConfig

        config = CLIPConfig(
            text_config=dict(hidden_size=16, intermediate_size=37, num_hidden_layers=1, num_attention_heads=2),
            vision_config=dict(hidden_size=16, intermediate_size=37, num_hidden_layers=1, num_attention_heads=2,
                               image_size=16, patch_size=8),
            projection_dim=8,
        )
        return resolve(cls_path)(config)

    return factory


def _safety_onnx(module, device):
    import torch

    return module.forward_onnx(torch.randn(1, 3, 16, 16, device=device), torch.randn(1, 3, 16, 16, device=device))


def _unidiffuser_decoder():
    from diffusers.pipelines.deprecated.unidiffuser.modeling_text_decoder import UniDiffuserTextDecoder

    return UniDiffuserTextDecoder(prefix_length=4, prefix_inner_dim=16, prefix_hidden_dim=8, vocab_size=64,
                                  n_positions=32, n_embd=16, n_layer=1, n_head=2)


def _unidiffuser_encode(module, device):
    import torch

    return module.encode(torch.randn(1, 4, 16, device=device))


def _unidiffuser_captions(module, device):
    import torch

    return module.generate_captions(torch.randn(1, 4, 8, device=device), eos_token_id=1, device=device)


def _unidiffuser_beam(module, device):
    import torch

    ids = torch.ones(1, 2, dtype=torch.long, device=device)
    return module.generate_beam(input_ids=ids, device=device, beam_size=2, entry_length=2, eos_token_id=1)


def _channels_proj():
    from diffusers.pipelines.shap_e.renderer import ChannelsProj

    return ChannelsProj(vectors=4, channels=8, d_latent=16)


def _channels_proj_call(module, device):
    import torch

    return module(torch.randn(2, 4, 16, device=device))


def _shap_e_renderer():
    from diffusers.pipelines.shap_e.renderer import ShapERenderer

    return ShapERenderer(param_names=("nerstf.mlp.0.weight",), param_shapes=((8, 93),), d_latent=16, d_hidden=8,
                         n_output=12, n_hidden_layers=6, insert_direction_at=4)


def _shap_e_image(module, device):
    import torch

    return module.decode_to_image(torch.randn(1, 8, 16, device=device), device, size=4, ray_batch_size=16,
                                  n_coarse_samples=2, n_fine_samples=2)


def _shap_e_mesh(module, device):
    import torch

    return module.decode_to_mesh(torch.randn(1, 8, 16, device=device), device, grid_size=4, query_batch_size=64)


def _shap_e_rays(module, device):
    import torch
    from diffusers.pipelines.shap_e.renderer import StratifiedRaySampler

    rays = torch.randn(1, 4, 2, 3, device=device)
    return module.render_rays(rays, StratifiedRaySampler(), 2)


def _watermark_call(module, device):
    from PIL import Image

    return module.apply_watermark([Image.new("RGB", (64, 64))], 64)


def _flux2_vae():
    from diffusers.models.autoencoders.autoencoder_kl_flux2 import AutoencoderKLFlux2

    vae = AutoencoderKLFlux2(block_out_channels=(8, 8), down_block_types=("DownEncoderBlock2D",) * 2,
                             up_block_types=("UpDecoderBlock2D",) * 2, layers_per_block=1, norm_num_groups=4,
                             latent_channels=4, sample_size=16)
    return vae


def _flux2_tiled(module, device):
    import torch

    module.tile_sample_min_size = 16
    module.tile_latent_min_size = 8
    return module.tiled_encode(torch.randn(1, 3, 24, 24, device=device))


def _sana_wm_refiner():
    from diffusers.models.transformers.transformer_sana_wm_refiner import SanaWMLTX2RefinerTransformer3DModel

    return SanaWMLTX2RefinerTransformer3DModel(num_layers=1, num_attention_heads=2, attention_head_dim=8,
                                               in_channels=8, out_channels=8, cross_attention_dim=16,
                                               caption_channels=16)


def _sana_wm_rope(module, device):
    return module.build_rotary_emb_for_absolute_positions(batch_size=1, frame_positions=[0, 1], height=4, width=4,
                                                          device=device, fps=24.0)


def _paella_decode_quantized(module, device):
    """decode() with force_not_quantize=False reaches self.vquantizer (the pipeline never passes it)."""
    import torch

    return module.decode(torch.randn(1, 4, 4, 4, device=device), force_not_quantize=False)


def _paella():
    from diffusers.pipelines.deprecated.wuerstchen.modeling_paella_vq_model import PaellaVQModel

    return PaellaVQModel(levels=2, bottleneck_blocks=1, embed_dim=16, latent_channels=4, num_vq_embeddings=16)


def _fir(cls_path: str):
    def factory():
        from offload_lint.confirm.build import resolve

        return resolve(cls_path)(channels=4, out_channels=4, use_conv=True)

    return factory


def _fir_call(module, device):
    import torch

    return module(torch.randn(1, 4, 8, 8, device=device))


T = TargetConfig
ASSISTED = {
    "diffusers.models.attention_processor:Attention": T(factory=_attention, call=_attention_fuse_then_forward),
    "diffusers.models.autoencoders.autoencoder_kl_flux2:AutoencoderKLFlux2": T(factory=_flux2_vae, call=_flux2_tiled),
    "diffusers.models.autoencoders.autoencoder_mmaudio:MMAudioAutoencoder": T(factory=_mmaudio_autoencoder),
    "diffusers.models.autoencoders.autoencoder_rfd4_proteina:RFD4ProteinaAutoencoder": T(factory=_rfd4, call=_rfd4_call),
    "diffusers.models.autoencoders.autoencoder_same:SoftNormBottleneck": T(factory=_soft_norm),
    "diffusers.models.autoencoders.vae:VectorQuantizer": T(factory=_vector_quantizer),
    "diffusers.models.downsampling:FirDownsample2D": T(factory=_fir("diffusers.models.downsampling:FirDownsample2D"),
                                                        call=_fir_call),
    "diffusers.models.upsampling:FirUpsample2D": T(factory=_fir("diffusers.models.upsampling:FirUpsample2D"),
                                                    call=_fir_call),
    "diffusers.models.embeddings:HunyuanDiTAttentionPool": T(factory=_hunyuan_pool, call=_hunyuan_pool_call),
    "diffusers.models.lora:PatchedLoraProjection": T(factory=_patched_lora),
    "diffusers.models.transformers.transformer_sana_wm_refiner:SanaWMLTX2RefinerTransformer3DModel":
        T(factory=_sana_wm_refiner, call=_sana_wm_rope),
    "diffusers.pipelines.deepfloyd_if.watermark:IFWatermarker": T(call=_watermark_call),
    "diffusers.pipelines.deprecated.blip_diffusion.modeling_blip2:Blip2QFormerModel": T(factory=_blip_qformer),
    "diffusers.pipelines.deprecated.stable_diffusion_safe.safety_checker:SafeStableDiffusionSafetyChecker":
        T(factory=_safety_checker(
            "diffusers.pipelines.deprecated.stable_diffusion_safe.safety_checker:SafeStableDiffusionSafetyChecker"),
          call=_safety_onnx),
    "diffusers.pipelines.stable_diffusion.safety_checker:StableDiffusionSafetyChecker":
        T(factory=_safety_checker("diffusers.pipelines.stable_diffusion.safety_checker:StableDiffusionSafetyChecker"),
          call=_safety_onnx),
    "diffusers.pipelines.deprecated.unidiffuser.modeling_text_decoder:UniDiffuserTextDecoder":
        T(factory=_unidiffuser_decoder),
    "diffusers.pipelines.deprecated.wuerstchen.modeling_paella_vq_model:PaellaVQModel": T(factory=_paella),
    "diffusers.pipelines.shap_e.renderer:ChannelsProj": T(factory=_channels_proj, call=_channels_proj_call),
    "diffusers.pipelines.shap_e.renderer:ShapERenderer": T(factory=_shap_e_renderer),
}
for _path in ("transformer_chronoedit:WanAttention", "transformer_wan:WanAttention",
              "transformer_wan_animate:WanAttention", "transformer_helios:HeliosAttention",
              "transformer_skyreels_v2:SkyReelsV2Attention", "transformer_wan_animate_2:WanAnimate2Attention"):
    _full = f"diffusers.models.transformers.{_path}"
    _kwargs = {} if "animate_2" in _path else {"dim_head": 16}
    if _path == "transformer_wan:WanAttention":  # representative fuse -> forward scenario (self-attention)
        ASSISTED[_full] = T(factory=_wan_family(_full, **_kwargs), call=_wan_fuse_then_forward)
    else:  # fuse_projections() alone, with the added K/V projections present
        ASSISTED[_full] = T(factory=_wan_family(_full, added_kv_proj_dim=32, **_kwargs))

# fake-cuda stops at the first tensor the model code creates itself and moves to the input's device
# ("PyTorch is not linked with support for cuda devices"); these classes run on the tracking backend.
TRACKING_ONLY = {"FirUpsample2D", "FirDownsample2D", "StableDiffusionSafetyChecker", "SafeStableDiffusionSafetyChecker",
                 "ShapERenderer"}

# Per-method calls (the config is per class; methods that need their own call get it here).
METHOD_CALLS = {
    ("MMAudioAutoencoder", "encode"): _mmaudio_encode,
    ("MMAudioAutoencoder", "decode"): _mmaudio_decode,
    ("UniDiffuserTextDecoder", "encode"): _unidiffuser_encode,
    ("UniDiffuserTextDecoder", "generate_captions"): _unidiffuser_captions,
    ("UniDiffuserTextDecoder", "generate_beam"): _unidiffuser_beam,
    ("ShapERenderer", "decode_to_image"): _shap_e_image,
    ("ShapERenderer", "decode_to_mesh"): _shap_e_mesh,
    ("ShapERenderer", "render_rays"): _shap_e_rays,
    ("PaellaVQModel", "decode"): _paella_decode_quantized,
}


def lint() -> list[Finding]:
    """The same run as `offload-lint . --no-cache` from the diffusers directory (cwd must be DIFFUSERS)."""
    from offload_lint.engine import Options, lint as run_lint

    return run_lint(Options(paths=["."])).findings


def run_pass(findings: list[Finding], config: ConfirmConfig | None, by_method: bool) -> tuple[list[dict], float]:
    """annotate() once; with by_method, findings whose (class, method) has its own call run in their own batch."""
    start = time.perf_counter()
    rows: list[dict] = []
    if not by_method:
        annotated = annotate(findings, progress=False, config=config)
        rows = [json.loads(json.dumps(f.to_json())) for f in annotated]
        return rows, time.perf_counter() - start
    groups: dict[object, list[Finding]] = collections.defaultdict(list)
    for f in findings:
        key = (f.class_name, f.method) if (f.class_name, f.method) in METHOD_CALLS else None
        groups[(key, f.class_name in TRACKING_ONLY)].append(f)
    for (key, tracking), batch in groups.items():
        cfg = config
        if tracking:
            cfg = ConfirmConfig(dict(config.targets), "tracking", config.level)
        if key is not None:
            target = f"{batch[0].module}:{batch[0].class_name}"
            base = config.targets.get(target, TargetConfig())
            targets = dict(cfg.targets)
            targets[target] = TargetConfig(factory=base.factory, call=METHOD_CALLS[key])
            cfg = ConfirmConfig(targets, cfg.backend, cfg.level)
        annotated = annotate(batch, progress=False, config=cfg)
        rows.extend(json.loads(json.dumps(f.to_json())) for f in annotated)
    return rows, time.perf_counter() - start


def table(rows: list[dict]) -> str:
    counts = collections.Counter((r["code"], r.get("verdict", "-")) for r in rows)
    codes = sorted({r["code"] for r in rows})
    verdicts = ["confirmed", "refuted", "untriggered"]
    lines = ["| rule | " + " | ".join(verdicts) + " | total |", "|---|" + "---|" * (len(verdicts) + 1)]
    for code in codes:
        cells = [counts[(code, v)] for v in verdicts]
        lines.append(f"| {code} | " + " | ".join(map(str, cells)) + f" | {sum(cells)} |")
    totals = [sum(counts[(c, v)] for c in codes) for v in verdicts]
    lines.append("| **all** | " + " | ".join(map(str, totals)) + f" | {sum(totals)} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="/tmp/confirm-diffusers")
    parser.add_argument("--skip-stock", action="store_true")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    import warnings

    warnings.filterwarnings("ignore")
    os.chdir(DIFFUSERS)
    t0 = time.perf_counter()
    findings = lint()
    lint_s = time.perf_counter() - t0
    (out / "findings.json").write_text(json.dumps([f.to_json() for f in findings], indent=1))
    print(f"lint: {len(findings)} findings in {lint_s:.1f}s")
    report = [f"lint: {len(findings)} findings in {lint_s:.1f}s"]
    if not args.skip_stock:
        stock, stock_s = run_pass(findings, None, by_method=False)
        (out / "stock.json").write_text(json.dumps(stock, indent=1))
        print(f"\nstock pass: {stock_s:.1f}s\n{table(stock)}")
        report.append(f"stock pass: {stock_s:.1f}s\n{table(stock)}")
    config = ConfirmConfig(targets=ASSISTED)
    assisted, assisted_s = run_pass(findings, config, by_method=True)
    (out / "assisted.json").write_text(json.dumps(assisted, indent=1))
    print(f"\nassisted pass: {assisted_s:.1f}s\n{table(assisted)}")
    report.append(f"assisted pass: {assisted_s:.1f}s\n{table(assisted)}")
    (out / "summary.md").write_text("\n\n".join(report) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
