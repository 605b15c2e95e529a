"""Round h: ≥ 30 runtime-decided rows per strategy — a random draw of whole-tree findings and a blind scan's
candidates, each run under its strategy's real library on CPU (docs/strategies-truth-h.md).

    # 1. whole-tree findings (main), one file per tree (--strategy all --no-cache --show-suppressed --output-format json)
    # 2. the random half (seed written down before the draw): per strategy, findings naming it, not suppressed, on a
    #    line no earlier truth file holds, in a file strategies_f.toml does not name; shuffled, the first N lines
    python benchmarks/truth/label_strategies_h.py draw T1.json ... --seed 20261204 --size 14 > strategies_h_draw.json
    # 3. the blind half: blind_scan_h.py's candidates drawn with their seed (written before the linter's output was
    #    read), one row per (candidate, strategy its pattern names)
    python benchmarks/truth/blind_scan_h.py --seed 20261241 --per-pattern K > strategies_h_blind.jsonl
    # 4. each row through the confirmer under its strategy, a process per row (random rows: the finding the
    #    whole-tree run reported; blind rows: a finding made by hand at the candidate's line, code OFL000 — a module
    #    method's run — or OFL201 — the pipeline's own call — for the pipeline patterns)
    PYTHONPATH=SITE python benchmarks/truth/label_strategies_h.py run [ROW ...] [--timeout 30 --wall 120] > runs_h.jsonl
    # 5. the truth file
    python benchmarks/truth/label_strategies_h.py toml runs_h.jsonl [checks_h.jsonl ...] > strategies_h.toml

Rows are numbered: the draw's rows first (0..), then the blind rows in the order of strategies_h_blind.jsonl,
each candidate expanded into its pattern's strategies. confirmed -> positive, refuted -> negative, anything else
-> unsure (not scored). As in rounds f and g, a confirmation whose failing frame is in the row's file but not at
its line is not the row's: unsure, "broke at another line".
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE))

DRAW = HERE / "strategies_h_draw.json"
# The same shuffles read further (the draw's order past its first --size rows per strategy), drawn when the first
# rows had decided too few: numbered after the blind rows.
DRAW_MORE = HERE / "strategies_h_draw_more.json"
BLIND = HERE / "strategies_h_blind.jsonl"
# The blind draw read further for the two patterns that name ZeRO-3 (the same seed: candidates 8-12 of each),
# drawn when ZeRO-3 had too few blind rows decided; numbered after DRAW_MORE's rows.
BLIND_MORE = HERE / "strategies_h_blind_more.jsonl"
ORDER = ("accelerate-sequential", "model-cpu-offload", "fsdp2", "zero3")
SEED_RANDOM = 20261204
SEED_BLIND = 20261241


def earlier_rows() -> tuple[set[tuple[str, str, int]], set[tuple[str, str]]]:
    """(tree, path, line) of every row of every earlier truth file, and (tree, path) of strategies_f.toml's rows
    (both spellings of transformers paths)."""
    lines, files = set(), set()
    for path in sorted(HERE.glob("strategies*.toml")) + [HERE / "sites.toml"]:
        if path.name == "strategies_h.toml" or not path.exists():
            continue
        for row in tomllib.loads(path.read_text()).get("site", []):
            for relative in (row["path"], f"models/{row['path']}"):
                lines.add((row["tree"], relative, int(row["line"])))
                if path.name == "strategies_f.toml":
                    files.add((row["tree"], relative))
    return lines, files


def draw(files: list[str], seed: int, size: int, skip: int = 0) -> list[dict]:
    import label_strategies_f as f

    findings = []
    for name in files:
        findings += json.loads(Path(name).read_text())
    seen, f_files = earlier_rows()
    rng = random.Random(seed)
    drawn = []
    for strategy in ORDER:
        pool = []
        for finding in findings:
            where = f.tree_of(finding["path"])
            if where is None or finding.get("suppressed_by") or strategy not in (finding.get("strategies") or []):
                continue
            if (where[0], where[1], finding["line"]) in seen or where in f_files:
                continue
            pool.append(finding)
        pool.sort(key=lambda x: (x["path"], x["line"], x["column"], x["code"]))
        rng.shuffle(pool)
        lines: set[tuple[str, int]] = set()
        for finding in pool:
            if (finding["path"], finding["line"]) in lines:
                continue
            lines.add((finding["path"], finding["line"]))
            tree, relative = f.tree_of(finding["path"])
            if len(lines) > skip:
                drawn.append({"strategy": strategy, "tree": tree, "relative": relative, "pool": len(pool),
                              "finding": finding})
            if len(lines) == size:
                break
    return drawn


def blind_rows(path: Path = BLIND) -> list[dict]:
    """The blind candidates, one row per strategy of the candidate's pattern (lines of earlier truth files left
    out: they are labelled already)."""
    seen, _ = earlier_rows()
    rows = []
    if not path.exists():
        return rows
    for text in path.read_text().splitlines():
        if not text.strip():
            continue
        hit = json.loads(text)
        if (hit["tree"], hit["path"], hit["line"]) in seen:
            continue
        for strategy in hit["strategies"]:
            rows.append({"strategy": strategy, "tree": hit["tree"], "relative": hit["path"], "blind": hit})
    return rows


def all_rows() -> list[dict]:
    drawn = json.loads(DRAW.read_text()) if DRAW.exists() else []
    more = json.loads(DRAW_MORE.read_text()) if DRAW_MORE.exists() else []
    return drawn + blind_rows() + more + blind_rows(BLIND_MORE)


def blind_finding(row: dict):  # type: ignore[no-untyped-def]
    """A finding made by hand at a blind candidate's line, for the confirmer (no rule is asked)."""
    import importlib.util

    from offload_lint.finding import Finding

    hit = row["blind"]
    base = Path("/tmp/corp/examples") if hit["tree"] == "examples" else \
        Path(next(iter(importlib.util.find_spec(hit["tree"]).submodule_search_locations)))
    pipeline = hit["pattern"] in ("component-device", "component-private-helper")
    return Finding(path=str(base / hit["path"]), line=hit["line"], column=1, end_line=hit["line"], end_column=1,
                   code="OFL201" if pipeline else "OFL000", name="blind-candidate",
                   message=f"blind candidate ({hit['pattern']})", class_name=hit["cls"], method=hit["method"],
                   levels=(row["strategy"],), attribute=hit["attribute"] if pipeline else None,
                   module=hit["module"], extra={"strategies": [row["strategy"]]})


def run_one(number: int, timeout: float) -> None:
    import dataclasses
    import os

    import label_strategies_f as f
    from offload_lint.confirm import annotate
    from offload_lint.confirm.config import load_confirm_config

    row = all_rows()[number]
    finding = blind_finding(row) if "blind" in row else f.rebuild(row["finding"])
    config = dataclasses.replace(load_confirm_config(), timeout=timeout)
    verdict = annotate([finding], progress=False, config=config, strategies=(row["strategy"],))[0].runtime
    print(json.dumps(verdict.to_json() if verdict is not None else {"verdict": "none"}), flush=True)
    os._exit(0)  # a process group whose hooks failed half-way can block at exit


def run(numbers: list[int], timeout: float, wall: float) -> None:
    rows = all_rows()
    for number in numbers or range(len(rows)):
        started = time.perf_counter()
        try:
            proc = subprocess.run([sys.executable, __file__, "one", str(number), "--timeout", str(timeout)],
                                  capture_output=True, text=True, timeout=wall)
            lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
            result = json.loads(lines[-1]) if lines else {
                "verdict": "untriggered", "evidence": f"crashed: {proc.stderr.strip()[-300:]}"}
        except subprocess.TimeoutExpired:
            result = {"verdict": "untriggered", "evidence": f"timed out after {wall:.0f} s"}
        row = rows[number]
        print(json.dumps({"n": number, "strategy": row["strategy"], "path": row["relative"],
                          "line": row["blind"]["line"] if "blind" in row else row["finding"]["line"],
                          "verdict": result, "seconds": round(time.perf_counter() - started, 1)}), flush=True)


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def toml(runs: list[str]) -> str:
    global CHECK_SITES
    CHECK_SITES = frozenset(checks())
    rows = all_rows()
    verdicts: dict[int, dict] = {}
    checked: set[int] = set()
    for name in runs:  # later files win; a check's decided verdict replaces a run's
        for text in Path(name).read_text().splitlines():
            if not text.strip():
                continue
            entry = json.loads(text)
            decided = verdicts.get(entry["n"], {}).get("verdict") in ("confirmed", "refuted")
            if entry.get("check") and decided and entry["verdict"].get("verdict") not in ("confirmed", "refuted"):
                continue
            if entry["n"] in checked and not entry.get("check"):
                continue
            verdicts[entry["n"]] = entry["verdict"]
            if entry.get("check"):
                checked.add(entry["n"])
    labels = {"confirmed": "positive", "refuted": "negative"}
    out = ["# Per-strategy truth set, part h (docs/strategies-truth-h.md): a random draw of whole-tree findings",
           f"# (seed {SEED_RANDOM}, strategies_h_draw.json) and a blind scan's candidates (blind_scan_h.py, seed",
           f"# {SEED_BLIND}, strategies_h_blind.jsonl), each run under its strategy's real library on CPU",
           "# (benchmarks/truth/label_strategies_h.py). Random rows are findings (they measure precision); blind rows",
           "# are candidates, hazards and look-alikes (the rules' verdict on them is scored: recall and precision).",
           "", "[versions]", 'diffusers = "0.42.1"', 'transformers = "5.24.0"', 'peft = "0.21.2"', 'timm = "1.0.31"']
    for number, row in enumerate(rows):
        verdict = verdicts.get(number, {"verdict": "not-run", "evidence": "not run in the time"})
        outcome = verdict.get("verdict", "")
        evidence = verdict.get("evidence") or verdict.get("error") or ""
        stack = verdict.get("stack", "")
        if "blind" in row:
            hit = row["blind"]
            line, cls, method, attribute = hit["line"], hit["cls"], hit["method"], ""
            source = f"blind scan (seed {SEED_BLIND}): {hit['pattern']}: {hit['text']}"
        else:
            finding = row["finding"]
            line, cls, method = finding["line"], finding.get("class") or "", finding.get("method") or ""
            attribute = finding.get("attribute") or ""
            source = f"random (seed {SEED_RANDOM}): {finding['code']}"
        site = f"{row['relative']}:{line}"
        alone = _site_of(row) in ALONE_SITES or (number in checked and "blind" not in row
                                                  and _site_of(row) not in CHECK_SITES)
        if outcome == "confirmed" and stack and row["relative"] in stack and site not in stack and not alone:
            outcome, evidence = "untriggered", f"broke at another line than the site's: {evidence}"
        if stack:
            evidence += f" [stack: {stack}]"
        if verdict.get("how"):
            evidence = f"({verdict['how']}) {evidence}"
        if number in OVERRIDES:
            outcome, evidence = "untriggered", f"{OVERRIDES[number]} {evidence}"
        how = f"python benchmarks/truth/label_strategies_h.py {'check' if number in checked else 'run'} {number}"
        name = Path(row["relative"]).stem
        out += ["", "[[site]]", f'id = "h{number}-{name}-{line}-{row["strategy"]}"', f'tree = "{row["tree"]}"',
                f'path = "{row["relative"]}"', f"line = {line}", f'class = "{cls}"', f'method = "{method}"',
                f'attribute = "{attribute}"', f'strategy = "{row["strategy"]}"',
                f'label = "{labels.get(outcome, "unsure")}"', f'runtime = "{outcome}"', f"source = {_quote(source)}",
                f"confirm = {_quote(how)}",
                f"evidence = {_quote(('check: ' if number in checked else 'confirmer: ') + evidence[:700])}"]
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------------------------------ checks
# Rows the confirmer cannot decide (inputs it does not synthesise, a line after one that breaks first) get a
# check of their own, rounds e-g's way (label_strategies_d.judge: the call once without offloading, once under the
# strategy's real library; label_strategies_e's helpers). Keyed by (path, line): every row of that site (each
# strategy) runs the same check under its own strategy.

def _built(target: str, **overrides: object):  # type: ignore[no-untyped-def]
    """The class as the confirmer builds it (default constructor or its tiny config)."""
    def build():  # type: ignore[no-untyped-def]
        from offload_lint.confirm.build import build_module_noted

        return build_module_noted(target, None, overrides=dict(overrides) or None)[0]
    return build


def _make(factory):  # type: ignore[no-untyped-def]
    return factory


def _x(*shape: int, device):  # type: ignore[no-untyped-def]
    import torch

    return torch.randn(*shape, generator=torch.Generator().manual_seed(0)).to(device)


def patch_rows_forward(module, forward, device):  # type: ignore[no-untyped-def]
    """HYV4VLVisionPatchEmbed.forward(pixel_values, grid_thw): flattened patches, (num_patches, C * p * p)."""
    c, p = module.config.num_channels, module.patch_size
    return forward(_x(4, c * p * p, device=device), [[1, 2, 2]])


def tdnn_forward(module, forward, device):  # type: ignore[no-untyped-def]
    """TDNNLayer.forward(hidden_states): (batch, time, in_conv_dim)."""
    return forward(_x(1, 3 * module.kernel_size, module.in_conv_dim, device=device))


def image_forward(module, forward, device):  # type: ignore[no-untyped-def]
    """A patch-embedding module's forward on one image of the size its first Conv2d's stride tiles twice."""
    import torch

    conv = next(m for m in module.modules() if isinstance(m, torch.nn.Conv2d))
    size = getattr(module, "image_size", None)
    size = size if isinstance(size, int) else conv.kernel_size[0] * 2
    return forward(_x(1, conv.in_channels, size, size, device=device))


def method_then_forward(method: str, shape: tuple[int, ...], seed: int = 1, **kwargs: object):  # type: ignore[no-untyped-def]
    """``module.<method>()`` (a whole-parameter write) on the offloaded module, then its forward: a write that
    reached the weight changes the result as it changes the un-offloaded reference's."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        import torch

        torch.manual_seed(seed)
        getattr(module, method)(**kwargs)
        return forward(_x(*shape, device=device))
    return run


def fuse_then_read(module, forward, device):  # type: ignore[no-untyped-def]
    """Attention.fuse_projections() (cross-attention: to_kv built, then to_kv.weight.copy_(cat(k, v))), then the
    fused weight the copy wrote, read through the new layer's forward on an encoder state."""
    module.fuse_projections()
    return module.to_kv(_x(1, 3, module.to_k.in_features, device=device))


def returns_module(name: str):  # type: ignore[no-untyped-def]
    """``module.<name>()`` (an accessor: get_encoder) or ``module.<name>`` (a property): what it returns holds no
    tensor of its own, so the run completes or breaks on the access itself."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        value = getattr(module, name)
        if callable(value) and not isinstance(value, __import__("torch").nn.Module):
            value()
        return []
    return run


def freeze_feature_encoder(module, forward, device):  # type: ignore[no-untyped-def]
    module.freeze_feature_encoder()
    return []


def _clip_text():  # type: ignore[no-untyped-def]
    import label_strategies_d as d

    return d._clip_text()


def device_of_component(module, forward, device):  # type: ignore[no-untyped-def]
    """A pipeline's ``x.to(self.<component>.device)`` / ``randn(..., device=self.<component>.device)`` and then the
    component called on it: the component's .device is its first parameter's."""
    import label_strategies_d as d

    ids = d._ids(__import__("torch").device("cpu")).to(module.device)
    return forward(ids)[0]


def module_to_component_device(module, forward, device):  # type: ignore[no-untyped-def]
    """instantid's ``self.image_proj_model.to(self.unet.device)``: another (not offloaded) model moved to the
    component's .device, then run on an input on the execution device."""
    import torch

    other = torch.nn.Linear(4, 4)
    torch.nn.init.constant_(other.weight, 0.5)
    other.to(module.device)
    return other(_x(1, 4, device=device))


def final_layer_norm_after_encode(module, forward, device):  # type: ignore[no-untyped-def]
    import label_strategies_d as d

    return d.final_layer_norm_after_encode(module, forward, device)


def fuse_then_fused_weight(module, forward, device):  # type: ignore[no-untyped-def]
    """AttentionModuleMixin.fuse_projections() (device = self.to_q.weight.data.device; the fused layer built there
    and the concatenated weights copied in), then the fused layer's weight: where the line said it goes."""
    module.fuse_projections()
    if not getattr(module, "fused_projections", False):
        raise RuntimeError("fuse_projections() did not fuse (the class does not support fusion)")
    return [getattr(module, name).weight for name in ("to_qkv", "to_kv", "to_added_qkv") if hasattr(module, name)]


def encodec_vq_encode(module, forward, device):  # type: ignore[no-untyped-def]
    """EncodecVectorQuantization.encode(hidden_states) (reached from EncodecModel.encode, not forward):
    (batch, codebook_dim, frames) on the execution device; the codebook's buffers are what the line computes with."""
    return module.encode(_x(1, module.codebook.embed.shape[1], 4, device=device))


def _t5_attention():  # type: ignore[no-untyped-def]
    from transformers import T5Config
    from transformers.models.t5.modeling_t5 import T5Attention

    config = T5Config(vocab_size=32, d_model=16, d_kv=4, d_ff=32, num_layers=1, num_heads=2)
    return T5Attention(config, has_relative_attention_bias=True)


def t5_compute_bias(module, forward, device):  # type: ignore[no-untyped-def]
    """T5Attention.compute_bias(3, 3) with its device left None: the positions are built on the device of
    relative_attention_bias.weight, then the bias layer is called on them."""
    return module.compute_bias(3, 3)


def vae_decode_alone(module, forward, device):  # type: ignore[no-untyped-def]
    """A pipeline's ``self.vae.decode(latents, return_dict=False)[0]`` alone: the component's decorated public
    method called with latents on the execution device (the pipeline's earlier lines left out)."""
    return module.decode(_x(1, module.config.latent_channels, 4, 4, device=device), return_dict=False)[0]


def _peft_layer(kind: str):  # type: ignore[no-untyped-def]
    """label_strategies_e's small MLP with a peft adapter of ``kind`` on ``lin0`` (weights not the identity)."""
    def build():  # type: ignore[no-untyped-def]
        import peft

        import label_strategies_e as e

        if kind == "lokr":
            config = peft.LoKrConfig(target_modules=["lin0"], r=2, init_weights=False)
        else:
            config = peft.VBLoRAConfig(target_modules=["lin0"], r=2, num_vectors=4, vector_length=4)
        return peft.get_peft_model(e._Mlp(), config)
    return build


def lokr_delta_weight(module, forward, device):  # type: ignore[no-untyped-def]
    """peft LoKr ``get_delta_weight("default")`` (merge and users call it outside forward)."""
    return module.base_model.model.lin0.get_delta_weight("default")


def vblora_savable_count(module, forward, device):  # type: ignore[no-untyped-def]
    """peft VBLoRAModel.get_nb_savable_parameters(): counts from ``param.numel()``."""
    import torch

    return [torch.tensor([float(n) for n in module.base_model.get_nb_savable_parameters()])]


def ema_restore(module, forward, device):  # type: ignore[no-untyped-def]
    """training scripts' ``ema.restore(model.parameters())`` after ``ema.store(...)``: each stored copy written back
    with ``param.data.copy_(c_param.data)`` outside GatheredParameters, then a forward (a stand-in model)."""
    import torch
    from diffusers.training_utils import EMAModel

    import label_strategies_d as d

    shadow = d._ema_target()
    ema = EMAModel(shadow.parameters())
    stored = d._ema_target()
    for p in stored.parameters():
        p.data.fill_(0.5)
    ema.store(stored.parameters())
    ema.restore(module.parameters())
    return forward(torch.randn(1, 8).to(device))


# Training-script lines over "a model" (OFL109-OFL111 findings in main()s): the line's operation on a small
# stand-in model under the strategy, as rounds e and f labelled the same kinds (label_strategies_d/e helpers).
def _stand_in(kind: str):  # type: ignore[no-untyped-def]
    import label_strategies_d as d
    import label_strategies_e as e
    from label_strategies_d import Check

    return {
        "copy_to": Check(d._ema_target, d.ema_copy_to),
        "restore": Check(d._ema_target, ema_restore),
        "cast": Check(e._two_layers, e.cast_training_params),
        "token_rows": Check(d._clip_text, e.token_embedding_rows),
        "state_dict": Check(e._two_layers, e.state_dict_copy),
    }[kind]


STAND_INS: dict[tuple[str, int], str] = {
    ("kandinsky2_2/text_to_image/train_text_to_image_prior.py", 897): "copy_to",
    ("research_projects/scheduled_huber_loss_training/text_to_image/train_text_to_image.py", 1116): "copy_to",
    ("instruct_pix2pix/train_instruct_pix2pix_sdxl.py", 1223): "copy_to",
    ("research_projects/instructpix2pix_lora/train_instruct_pix2pix_lora.py", 1120): "copy_to",
    ("research_projects/wuerstchen/text_to_image/train_text_to_image_prior.py", 880): "copy_to",
    ("kandinsky2_2/text_to_image/train_text_to_image_decoder.py", 867): "copy_to",
    ("amused/train_amused.py", 883): "copy_to",
    ("research_projects/intel_opts/textual_inversion_dfq/textual_inversion.py", 703): "copy_to",
    ("research_projects/consistency_training/train_cm_ct_unconditional.py", 1388): "copy_to",
    ("research_projects/scheduled_huber_loss_training/text_to_image/train_text_to_image.py", 1109): "restore",
    ("research_projects/wuerstchen/text_to_image/train_text_to_image_prior.py", 884): "restore",
    ("research_projects/diffusion_dpo/train_diffusion_dpo.py", 574): "cast",
    ("advanced_diffusion_training/train_dreambooth_lora_sdxl_advanced.py", 1625): "cast",
    ("advanced_diffusion_training/train_dreambooth_lora_flux_advanced.py", 1724): "cast",
    ("research_projects/diffusion_dpo/train_diffusion_dpo_sdxl.py", 672): "cast",
    ("advanced_diffusion_training/train_dreambooth_lora_sd15_advanced.py", 787): "token_rows",
    ("advanced_diffusion_training/train_dreambooth_lora_sd15_advanced.py", 808): "token_rows",
    ("advanced_diffusion_training/train_dreambooth_lora_sd15_advanced.py", 813): "token_rows",
    ("models/controlnets/controlnet.py", 507): "state_dict",
    ("community/kohya_hires_fix.py", 365): "state_dict",
}


def checks() -> dict[tuple[str, int], object]:
    import label_strategies_e as e
    from label_strategies_d import Check

    tf = "transformers.models."
    t = e._timm
    vae = _built("diffusers.models.autoencoders.autoencoder_kl:AutoencoderKL")
    return {**{site: _stand_in(kind) for site, kind in STAND_INS.items()},
        # random: FSDP2 pipeline rows, the component's decode called by the pipeline (its line alone)
        ("pipelines/stable_diffusion/pipeline_stable_diffusion_instruct_pix2pix.py", 475): Check(vae, vae_decode_alone,
                                                                                                 diffusers=True),
        ("pipelines/flux/pipeline_flux_img2img.py", 1052): Check(vae, vae_decode_alone, diffusers=True),
        ("pipelines/animatediff/pipeline_animatediff.py", 416): Check(vae, vae_decode_alone, diffusers=True),
        ("community/fresco_v2v.py", 2491): Check(vae, vae_decode_alone, diffusers=True),
        ("pipelines/stable_diffusion/pipeline_stable_diffusion.py", 1085): Check(vae, vae_decode_alone, diffusers=True),
        # random: ZeRO-3 peft rows
        ("tuners/lokr/layer.py", 277): Check(_peft_layer("lokr"), lokr_delta_weight),
        ("tuners/vblora/model.py", 171): Check(_peft_layer("vblora"), vblora_savable_count),
        # blind: a child's weight read in the parent's forward (the parent's forward, real inputs)
        ("models/hy_v4_vl/modeling_hy_v4_vl.py", 812): Check(_built(f"{tf}hy_v4_vl.modeling_hy_v4_vl:HYV4VLVisionPatchEmbed"),
                                                             patch_rows_forward),
        ("models/wav2vec2/modeling_wav2vec2.py", 1880): Check(_built(f"{tf}wav2vec2.modeling_wav2vec2:TDNNLayer"),
                                                              tdnn_forward),
        ("models/unispeech_sat/modeling_unispeech_sat.py", 1451): Check(
            _built(f"{tf}unispeech_sat.modeling_unispeech_sat:TDNNLayer"), tdnn_forward),
        ("layers/attention_pool2d.py", 274): Check(_make(lambda: __import__("timm.layers.attention_pool2d",
                                                                           fromlist=["x"])
                                                        .AttentionPool2d(8, feat_size=2, head_dim=4)),
                                                  method_then_forward("init_weights", (1, 8, 2, 2))),
        ("models/cspnet.py", 288): Check(_make(lambda: __import__("timm.models.cspnet", fromlist=["x"])
                                               .EdgeBlock(8, 8)), method_then_forward("zero_init_last", (1, 8, 4, 4))),
        ("models/tipsv2/modeling_tipsv2.py", 104): Check(_built(f"{tf}tipsv2.modeling_tipsv2:Tipsv2VisionPatchEmbeddings"),
                                                         image_forward),
        ("models/clipseg/modeling_clipseg.py", 196): Check(_built(f"{tf}clipseg.modeling_clipseg:CLIPSegVisionEmbeddings"),
                                                           image_forward),
        # blind: a child called from a method that is not forward (the method, or the line alone when an earlier
        # line of the method calls another child first)
        ("models/efficientformer_v2.py", 859): Check(t("efficientformerv2_s0", num_classes=4),
                                                     e.timm_forward_features(224)),
        # random: diffusers AttentionModuleMixin.fuse_projections' device read (the confirmer judged it by its return)
        ("models/attention.py", 264): Check(_built("diffusers.models.transformers.transformer_wan_animate:"
                                                   "WanAnimateFaceBlockCrossAttention"), fuse_then_fused_weight,
                                            diffusers=True),
        # random: model CPU offload rows whose generic check could not feed the child
        ("models/encodec/modeling_encodec.py", 397): Check(
            _built(f"{tf}encodec.modeling_encodec:EncodecVectorQuantization"), encodec_vq_encode),
        ("models/inception_v3.py", 516): Check(e._probed(t("inception_v3", aux_logits=True, num_classes=4),
                                                         "forward_features", 299, "AuxLogits"),
                                               e.child_alone("AuxLogits")),
        # random: T5Attention.compute_bias(q, k) with device None (the relative-bias layer's weight's device)
        ("models/t5/modeling_t5.py", 268): Check(_t5_attention, t5_compute_bias),
        ("models/dla.py", 544): Check(e._probed(t("dla46_c", num_classes=4), "forward_features", 32, "level5"),
                                      e.child_alone("level5")),
        ("models/cait.py", 487): Check(e._probed(t("cait_xxs24_224", img_size=32, patch_size=16, depth=1,
                                                   num_classes=4), "forward", 32, "head"), e.child_alone("head")),
        ("models/convnext.py", 579): Check(e._probed(t("convnext_atto", num_classes=4), "forward_intermediates", 32,
                                                     "norm_pre"), e.child_alone("norm_pre")),
        # blind: get_encoder() and what returns it (an accessor: no tensor computed)
        ("models/instructblip/modeling_instructblip.py", 1064): Check(
            _built(f"{tf}instructblip.modeling_instructblip:InstructBlipForConditionalGeneration"),
            returns_module("get_encoder")),
        ("models/blip_2/modeling_blip_2.py", 988): Check(_built(f"{tf}blip_2.modeling_blip_2:Blip2Model"),
                                                         returns_module("get_encoder")),
        ("models/blip_2/modeling_blip_2.py", 990): Check(_built(f"{tf}blip_2.modeling_blip_2:Blip2Model"),
                                                         returns_module("get_encoder")),
        ("models/t5gemma2/modeling_t5gemma2.py", 1200): Check(
            _built(f"{tf}t5gemma2.modeling_t5gemma2:T5Gemma2ForConditionalGeneration"), returns_module("vision_tower")),
        ("models/speecht5/modeling_speecht5.py", 2686): Check(
            _built(f"{tf}speecht5.modeling_speecht5:SpeechT5ForSpeechToSpeech"), freeze_feature_encoder),
        # blind: whole-parameter writes outside GatheredParameters, then the forward that reads them
        ("layers/attention2d.py", 241): Check(_make(lambda: __import__("timm.layers.attention2d", fromlist=["x"])
                                                    .MultiQueryAttention2d(dim=8, num_heads=2, key_dim=4, value_dim=4,
                                                                           kv_stride=2)),
                                              method_then_forward("init_weights", (1, 8, 4, 4))),
        ("models/regnet.py", 357): Check(_make(lambda: __import__("timm.models.regnet", fromlist=["x"])
                                               .Bottleneck(8, 8, group_size=4)),
                                         method_then_forward("zero_init_last", (1, 8, 4, 4))),
        ("layers/attention_pool2d.py", 266): Check(_make(lambda: __import__("timm.layers.attention_pool2d",
                                                                            fromlist=["x"])
                                                         .AttentionPool2d(8, feat_size=2, head_dim=4,
                                                                          qkv_separate=True)),
                                                   method_then_forward("init_weights", (1, 8, 2, 2))),
        ("models/attention_processor.py", 810): Check(_make(lambda: __import__("diffusers.models.attention_processor",
                                                                               fromlist=["x"])
                                                            .Attention(query_dim=8, cross_attention_dim=6, heads=2,
                                                                       dim_head=4)),
                                                      fuse_then_read, diffusers=True),
        # blind: a component's .device under sequential offload (a CLIP text encoder stands in for the component:
        # what the line reads is any model's .device, its first parameter's)
        ("pipelines/easyanimate/pipeline_easyanimate_control.py", 487): Check(_clip_text, device_of_component),
        ("pipelines/easyanimate/pipeline_easyanimate.py", 376): Check(_clip_text, device_of_component),
        ("pipelines/ideogram4/pipeline_ideogram4.py", 377): Check(_clip_text, device_of_component),
        ("experimental/rl/value_guided_sampling.py", 131): Check(_clip_text, device_of_component),
        ("experimental/rl/value_guided_sampling.py", 82): Check(_clip_text, device_of_component),
        ("community/pipeline_stable_diffusion_xl_instantid.py", 451): Check(_clip_text, module_to_component_device),
        # blind: a child's method of a component right after the component's forward (clip skip)
        ("pipelines/deprecated/stable_diffusion_variants/pipeline_cycle_diffusion.py", 393): Check(
            _clip_text, final_layer_norm_after_encode),
        ("community/pipeline_animatediff_controlnet.py", 303): Check(_clip_text, final_layer_norm_after_encode),
        ("community/pipeline_stable_diffusion_pag.py", 658): Check(_clip_text, final_layer_norm_after_encode),
    }


# Random rows: a check of the drawn line alone, chosen from the finding (round g's kinds), only where the line is
# reached without the owner's hook: the finding's method is not ``forward`` (an entry point of its own:
# get_image_features, forward_features, encode, reset_classifier...), or, under accelerate-sequential, a child's
# weight read in the parent's forward (accelerate hooks each module on its own forward) with no
# ``@force_accelerate_hooks`` on it. Everything else keeps the confirmer's verdict.
def _param_or_none(module, name: str):  # type: ignore[no-untyped-def]
    try:
        return module.get_parameter(name)
    except AttributeError:
        return None


def device_alone(attr: str):  # type: ignore[no-untyped-def]
    """The line alone: a tensor placed with ``self.<attr>.device`` (or the model's ``.device``) combined with a
    live tensor on the execution device."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        import torch

        if "parameters()" in attr or not attr:  # next(self.parameters()).device, or the model's .device
            where = next(module.parameters()).device if "parameters()" in attr else module.device
        else:
            where = module.get_parameter(attr).device
        return torch.ones(2, device=where) + torch.ones(2).to(device)
    return run


def _lora_compatible(kind: str):  # type: ignore[no-untyped-def]
    """diffusers' deprecated LoRACompatibleLinear / LoRACompatibleConv with a LoRA layer set (what _fuse_lora
    reads)."""
    def build():  # type: ignore[no-untyped-def]
        from diffusers.models import lora

        if kind == "linear":
            return lora.LoRACompatibleLinear(8, 8, lora_layer=lora.LoRALinearLayer(8, 8, rank=2))
        return lora.LoRACompatibleConv(4, 4, 3, lora_layer=lora.LoRAConv2dLayer(4, 4, rank=2))
    return build


# Classes the confirmer's builder cannot build, built small by hand for the generic checks.
BUILDERS = {
    "diffusers.models.lora:LoRACompatibleLinear": _lora_compatible("linear"),
    "diffusers.models.lora:LoRACompatibleConv": _lora_compatible("conv"),
}


def generic_check(row: dict):  # type: ignore[no-untyped-def]
    """(Check, why) for a drawn finding, or None."""
    import inspect

    import label_strategies_e as e
    from label_strategies_d import Check

    finding = row["finding"]
    code, method, attr = finding["code"], finding.get("method") or "", finding.get("attribute") or ""
    if not finding.get("module") or not finding.get("class"):
        return None
    target = f"{finding['module']}:{finding['class']}"
    entry = method != "forward"
    if method == "forward" and row["strategy"] == "accelerate-sequential" and code == "OFL103":
        from offload_lint.confirm.build import resolve

        source = inspect.getsource(resolve(target).forward)
        entry = "force_accelerate_hooks" not in source
    if not entry:
        return None
    build = BUILDERS.get(target) or _built(target)
    if code == "OFL102" and attr:
        import label_strategies_g as g

        from offload_lint.confirm.build import resolve

        head = attr.split(".")[0]
        if "." in attr and not isinstance(getattr(resolve(target), attr.split(".")[-1], None), type(None)):
            return None  # a child's method (codebook.encode): its inputs are not a first layer's

        return Check(build, g.child_first_layer(attr.split("(")[0])), f"self.{attr}(x) alone"
    if code in ("OFL101", "OFL103", "OFL104") and attr:
        return Check(build, e.param_alone(attr)), f"x + self.{attr} alone"
    if code == "OFL105":
        named = attr if attr.endswith(("weight", "bias", "parameters())")) else ""
        return Check(build, device_alone(named)), f"a tensor placed with {named or 'self.device'}'s device alone"
    return None


def _site_of(row: dict) -> tuple[str, int]:
    return row["relative"], row["blind"]["line"] if "blind" in row else row["finding"]["line"]


def run_checks(numbers: list[int], wall: float) -> None:
    rows = all_rows()
    known = set(checks())
    for number in numbers or [n for n, row in enumerate(rows) if _site_of(row) in known]:
        started = time.perf_counter()
        try:
            proc = subprocess.run([sys.executable, __file__, "check-one", str(number)], capture_output=True,
                                  text=True, timeout=wall)
            lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
            result = json.loads(lines[-1]) if lines else {"verdict": "untriggered",
                                                          "evidence": f"crashed: {proc.stderr.strip()[-300:]}"}
        except subprocess.TimeoutExpired:
            result = {"verdict": "untriggered", "evidence": f"timed out after {wall:.0f} s"}
        print(json.dumps({"n": number, "strategy": rows[number]["strategy"], "check": True, "verdict": result,
                          "seconds": round(time.perf_counter() - started, 1)}), flush=True)


def check_one(number: int) -> None:
    import os

    import label_strategies_e as e

    row = all_rows()[number]
    check = checks().get(_site_of(row))
    if check is None:
        check, why = generic_check(row)
        why = f"the drawn line alone: {why}"
    else:
        doc = (getattr(check.run, "__doc__", None) or "").strip().split("\n\n")[0]
        why = " ".join(doc.split()) or getattr(check.run, "__qualname__", "")
    result = e.judge_traced(check, row["strategy"])
    result["how"] = why
    print(json.dumps(result), flush=True)
    os._exit(0)


CHECK_SITES: frozenset[tuple[str, int]] = frozenset()
# Rows whose verdict is not applied as a label, with why (kept as evidence).
OVERRIDES: dict[int, str] = {
    6: "not applied: the confirmer refuted it with its synthesised input ([64, 1, 32]), while a run of the same "
       "modular class with (1, 4, 32) breaks earlier, at modular_jamba.py:211 (conv1d's weight on meta: this "
       "modular override of forward has no @force_accelerate_hooks, the generated modeling_jamba.py has it), so "
       "neither run is a clean verdict for line 240; and the modular file never runs as such:",
}

# Checks whose verdict is the line's alone (the site's line's operation run by itself, or a stand-in component),
# by (path, line): a failing frame elsewhere in the site's file does not make them "another line".
ALONE_SITES: frozenset[tuple[str, int]] = frozenset({
    ("models/dla.py", 544), ("models/cait.py", 487), ("models/convnext.py", 579),
    # the device the line reads is the one the positions are built on; the bias layer's call fails on them
    ("models/t5/modeling_t5.py", 268),
    # the fused layer is placed with the device the line reads
    ("models/attention.py", 264),
    ("models/inception_v3.py", 516),
})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw")
    d.add_argument("files", nargs="+")
    d.add_argument("--seed", type=int, default=SEED_RANDOM)
    d.add_argument("--size", type=int, default=14)
    d.add_argument("--skip", type=int, default=0, help="leave out the first SKIP lines per strategy (drawn before)")
    r = sub.add_parser("run")
    r.add_argument("numbers", nargs="*", type=int)
    r.add_argument("--timeout", type=float, default=30.0)
    r.add_argument("--wall", type=float, default=120.0)
    o = sub.add_parser("one")
    o.add_argument("number", type=int)
    o.add_argument("--timeout", type=float, default=30.0)
    c = sub.add_parser("check")
    c.add_argument("numbers", nargs="*", type=int)
    c.add_argument("--wall", type=float, default=150.0)
    c1 = sub.add_parser("check-one")
    c1.add_argument("number", type=int)
    sub.add_parser("list")
    t = sub.add_parser("toml")
    t.add_argument("runs", nargs="*")
    args = parser.parse_args(argv)
    if args.command == "draw":
        print(json.dumps(draw(args.files, args.seed, args.size, args.skip), indent=1))
    elif args.command == "run":
        run(args.numbers, args.timeout, args.wall)
    elif args.command == "one":
        run_one(args.number, args.timeout)
    elif args.command == "check":
        run_checks(args.numbers, args.wall)
    elif args.command == "check-one":
        check_one(args.number)
    elif args.command == "list":
        for number, row in enumerate(all_rows()):
            line = row["blind"]["line"] if "blind" in row else row["finding"]["line"]
            kind = row["blind"]["pattern"] if "blind" in row else row["finding"]["code"]
            print(f"{number}\t{row['strategy']}\t{row['tree']}/{row['relative']}:{line}\t{kind}")
    else:
        sys.stdout.write(toml(args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
