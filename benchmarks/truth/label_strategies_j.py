"""Round j: a fresh random re-measurement of per-strategy recall and precision (docs/strategies-truth-j.md).

Two halves, each with its seed written here and committed before its draw was made:

1. **Blind half** (``SEED_BLIND``): round h's blind scan (``blind_scan_h.py``, unchanged; patterns written before
   the rules' output was read) drawn again, ``PER_PATTERN`` candidates per pattern, on files no row of any earlier
   ``strategies*.toml`` names (and lines no earlier truth file holds). Each candidate gives one row per strategy its
   pattern names.
2. **Random half** (``SEED_RANDOM``): whole-tree findings (``offload-lint TREE --strategy all --no-cache
   --show-suppressed --output-format json``) of the installed diffusers, transformers ``models/`` and
   ``generation/``, peft and timm; per strategy, the findings naming it, not suppressed, on a line no earlier truth
   file holds; sorted, shuffled with the seed, the first ``RANDOM_SIZE`` distinct lines.

Every row is labelled at runtime with the real library on CPU (``label_strategies_d.apply``: accelerate
``cpu_offload``, ``cpu_offload_with_hook`` on a meta execution device, FSDP2 ``fully_shard`` on a one-rank gloo
group, DeepSpeed ZeRO-3 through ``deepspeed.initialize``), the way round i did:

* blind ``whole-param-write`` rows: round i's ``method_then_weight`` check (loaded-like weights, the method called on
  the offloaded module, the written weight as the next forward sees it, against the un-offloaded module);
* blind ``component-device`` rows: round h's stand-in (one experiment for every row of the kind);
* every other blind row: the confirmer with a finding made by hand at the candidate's line (round h's
  ``blind_finding``);
* random rows: the confirmer on the finding the whole-tree run reported; when it does not decide, round h's check of
  the drawn line alone (``generic_check``) where one applies, in its own process (``check``).

confirmed -> positive, refuted -> negative, anything else -> unsure (not scored); a confirmation whose failing frame
is in the row's file at another line is "broke at another line" (unsure), as in rounds f-i.

    python benchmarks/truth/label_strategies_j.py blind --no-examples > benchmarks/truth/strategies_j_blind.jsonl
    python benchmarks/truth/label_strategies_j.py random T1.json ... > benchmarks/truth/strategies_j_draw.json
    PYTHONPATH=benchmarks/truth/runs_j:/tmp/extra python benchmarks/truth/label_strategies_j.py run [ROW ...] > runs.jsonl
    PYTHONPATH=benchmarks/truth/runs_j:/tmp/extra python benchmarks/truth/label_strategies_j.py check [ROW ...] > checks.jsonl
    python benchmarks/truth/label_strategies_j.py toml runs.jsonl checks.jsonl > benchmarks/truth/strategies_j.toml

Rows are numbered: the blind rows first (in the order of strategies_j_blind.jsonl, each candidate expanded into its
pattern's strategies), then the blind extension (strategies_j_blind_more.jsonl: candidates 5-8 of the same shuffles,
``blind --no-examples --per-pattern 8 --skip 4``), then the random rows (strategies_j_draw.json's order).
"""

from __future__ import annotations

import argparse
import importlib.util
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

SEED_BLIND = 20261270  # round j's blind seed, chosen and committed before the blind draw
SEED_RANDOM = 20261271  # round j's random seed, chosen and committed before the random draw
PER_PATTERN = 4
RANDOM_SIZE = 12
ORDER = ("accelerate-sequential", "model-cpu-offload", "fsdp2", "zero3")
BLIND = HERE / "strategies_j_blind.jsonl"
DRAW = HERE / "strategies_j_draw.json"
# The same blind shuffles read further (candidates 5-8 of every pattern), drawn after rows 0-43 had run, while the
# random half waited for main's change, and committed before they ran; numbered after BLIND's rows.
BLIND_MORE = HERE / "strategies_j_blind_more.jsonl"
# The random shuffles read further (lines 13-24 of each strategy's shuffle: ``random ... --size 24 --skip 12``), for
# strategies whose first 12 lines decided too few; committed before they ran; numbered after DRAW's rows.
DRAW_MORE = HERE / "strategies_j_draw_more.json"
CHECKED_PATTERNS = ("whole-param-write", "component-device")
VERSIONS = {"diffusers": "0.42.1", "transformers": "5.25.0", "peft": "0.21.2", "timm": "1.0.31",
            "accelerate": "1.16.0", "torch": "2.13.0", "deepspeed": "0.19.8"}


def earlier() -> tuple[set[tuple[str, str, int]], set[tuple[str, str]]]:
    """(tree, path, line) and (tree, path) of every row of every earlier truth file (this round's left out, so the
    draws do not change once its rows are written); transformers paths in both spellings."""
    lines, files = set(), set()
    for path in sorted(HERE.glob("strategies*.toml")) + [HERE / "sites.toml"]:
        if path.name.startswith("strategies_j") or not path.exists():
            continue
        for row in tomllib.loads(path.read_text()).get("site", []):
            for relative in (row["path"], f"models/{row['path']}"):
                lines.add((row["tree"], relative, int(row["line"])))
                files.add((row["tree"], relative))
    return lines, files


def draw_blind(seed: int = SEED_BLIND, per_pattern: int = PER_PATTERN, skip: int = 0,
               examples: bool = True) -> list[dict]:
    import blind_scan_h as scan

    if not examples:  # the committed draw was made while /tmp/corp/examples was absent
        scan.EXAMPLES = Path("/nonexistent/examples")

    seen, named = earlier()
    hits = [hit for hit in scan.scan() if (hit.tree, hit.path) not in named and (hit.tree, hit.path, hit.line) not in seen]
    rng = random.Random(seed)
    drawn: list[dict] = []
    for pattern in scan.PATTERN_STRATEGIES:
        mine = sorted((hit for hit in hits if hit.pattern == pattern), key=lambda h: (h.tree, h.path, h.line))
        rng.shuffle(mine)  # every pattern's shuffle is made, so a pattern's order does not depend on the others
        drawn += [scan.asdict(hit) for hit in mine[skip:per_pattern]]
    return drawn


def _roots() -> dict[str, Path]:
    roots = {}
    for tree in ("diffusers", "transformers", "peft", "timm"):
        spec = importlib.util.find_spec(tree)
        if spec is not None and spec.submodule_search_locations:
            roots[tree] = Path(next(iter(spec.submodule_search_locations))).resolve()
    return roots


def tree_of(path: str, roots: dict[str, Path]) -> tuple[str, str] | None:
    resolved = Path(path).resolve()
    for tree, root in roots.items():
        if resolved.is_relative_to(root):
            return tree, str(resolved.relative_to(root))
    return None


def draw_random(files: list[str], seed: int = SEED_RANDOM, size: int = RANDOM_SIZE, skip: int = 0) -> list[dict]:
    findings = []
    for name in files:
        findings += json.loads(Path(name).read_text())
    seen, _ = earlier()
    roots = _roots()
    rng = random.Random(seed)
    drawn = []
    for strategy in ORDER:
        pool = []
        for finding in findings:
            where = tree_of(finding["path"], roots)
            if where is None or finding.get("suppressed_by") or strategy not in (finding.get("strategies") or []):
                continue
            if (where[0], where[1], finding["line"]) in seen:
                continue
            pool.append(finding)
        pool.sort(key=lambda x: (x["path"], x["line"], x["column"], x["code"]))
        rng.shuffle(pool)
        lines: set[tuple[str, int]] = set()
        for finding in pool:
            if (finding["path"], finding["line"]) in lines:
                continue
            lines.add((finding["path"], finding["line"]))
            tree, relative = tree_of(finding["path"], roots)  # type: ignore[misc]
            if len(lines) > skip:
                drawn.append({"strategy": strategy, "tree": tree, "relative": relative, "pool": len(pool),
                              "finding": finding})
            if len(lines) == size:
                break
    return drawn


def all_rows() -> list[dict]:
    rows = []
    for path in (BLIND, BLIND_MORE):
        for text in path.read_text().splitlines() if path.exists() else []:
            if text.strip():
                hit = json.loads(text)
                rows += [{"strategy": s, "tree": hit["tree"], "relative": hit["path"], "blind": hit}
                         for s in hit["strategies"]]
    rows += json.loads(DRAW.read_text()) if DRAW.exists() else []
    return rows + (json.loads(DRAW_MORE.read_text()) if DRAW_MORE.exists() else [])


def _line(row: dict) -> int:
    return row["blind"]["line"] if "blind" in row else row["finding"]["line"]


# ------------------------------------------------------------------------------------------------ checks
# Whole-parameter writes in methods that need arguments (round i's check calls only argument-free methods): the
# method called with arguments made here, on the module built small with loaded-like weights, then the written
# weight as the next forward sees it (label_strategies_i.method_then_weight's reading). Written after rows 29-37
# ran and were left undecided for "needs arguments"; keyed by (path, line).
def _small_cascade():  # type: ignore[no-untyped-def]
    from diffusers.models.unets.unet_stable_cascade import StableCascadeUNet

    return StableCascadeUNet(
        in_channels=4, out_channels=4, timestep_ratio_embedding_dim=8, conditioning_dim=32, block_out_channels=(32, 32),
        num_attention_heads=(2, 2), down_num_layers_per_block=(1, 1), up_num_layers_per_block=(1, 1),
        clip_text_in_channels=16, clip_text_pooled_in_channels=16, clip_image_in_channels=16, effnet_in_channels=4,
        pixel_mapper_in_channels=4, dropout=(0.0, 0.0))


def _lily_mlp():  # type: ignore[no-untyped-def]
    import peft

    import label_strategies_e as e

    return peft.get_peft_model(e._Mlp(), peft.LilyConfig(target_modules=["lin0"], r=2))


def _with_arguments(method_chain: list[str], arguments, chain: list[str], **keywords: object):  # type: ignore[no-untyped-def]
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        import torch

        import label_strategies_i as i

        torch.manual_seed(1)
        owner = module
        for step in method_chain[:-1]:
            owner = getattr(owner, step)
        try:
            getattr(owner, method_chain[-1])(*arguments(), **keywords)
        except AttributeError as error:  # StableCascadeUNet._init_weights reads self.config.blocks (line 414),
            if "blocks" not in str(error):  # which its config lacks: after the rows' lines (395-401) have run
                raise
        return i._served(module, chain)
    return run


def _linear():  # type: ignore[no-untyped-def]
    import torch

    return (torch.nn.Linear(2, 2),)


def _adapter():  # type: ignore[no-untyped-def]
    return ("default",)


LILY = ["base_model", "model", "lin0"]
ARGUMENT_CHECKS = {
    ("models/unets/unet_stable_cascade.py", 395): (
        _small_cascade, ["_init_weights"], _linear, ["clip_txt_pooled_mapper", "weight"], {}),
    ("models/unets/unet_stable_cascade.py", 400): (
        _small_cascade, ["_init_weights"], _linear, ["effnet_mapper", "0", "weight"], {}),
    ("models/unets/unet_stable_cascade.py", 401): (
        _small_cascade, ["_init_weights"], _linear, ["effnet_mapper", "2", "weight"], {}),
    ("tuners/lily/layer.py", 102): (
        _lily_mlp, LILY + ["reset_lily_parameters"], _adapter, LILY + ["lily_router", "default", "weight"], {}),
    ("tuners/lily/layer.py", 104): (
        _lily_mlp, LILY + ["reset_lily_parameters"], _adapter, LILY + ["lily_B", "default", "weight"],
        {"init_weights": False}),
}


def argument_check(row: dict):  # type: ignore[no-untyped-def]
    import label_strategies_i as i
    from label_strategies_d import Check

    made = ARGUMENT_CHECKS.get((row["relative"], row["blind"]["line"]))
    if made is None:
        return None, ""
    build, method, arguments, chain, keywords = made
    why = (f"{'.'.join(method)}({', '.join(map(repr, arguments()))}{', ' if keywords else ''}"
           f"{', '.join(f'{k}={v!r}' for k, v in keywords.items())}) on the offloaded module (built small, its "
           f"weights set to loaded-like values first), then {'.'.join(chain)} as the next forward sees it")
    return Check(i._loaded(build), _with_arguments(method, arguments, chain, **keywords)), why


# Random rows the confirmer left undecided, with a check of their own (written after rows 84-131 ran), keyed by
# (path, line); rows of one kind share one experiment (a stand-in), as in rounds e-h.
def ema_copy_to_foreach(module, forward, device):  # type: ignore[no-untyped-def]
    """training_utils.py EMAModel(foreach=True).copy_to(parameters): torch._foreach_copy_ of the shadow values into
    each handed parameter's .data (the line drawn), then a forward (a two-Linear stand-in model)."""
    import torch
    from diffusers.training_utils import EMAModel

    import label_strategies_d as d

    shadow = d._ema_target()
    for parameter in shadow.parameters():
        parameter.data.fill_(0.5)
    EMAModel(shadow.parameters(), foreach=True).copy_to(module.parameters())
    return forward(torch.randn(1, 8, generator=torch.Generator().manual_seed(0)).to(device))


def ema_restore_foreach(module, forward, device):  # type: ignore[no-untyped-def]
    """training_utils.py EMAModel(foreach=True).restore(parameters) after store(): torch._foreach_copy_ of the stored
    values into each handed parameter's .data (the line drawn), then a forward (a two-Linear stand-in model)."""
    import torch
    from diffusers.training_utils import EMAModel

    import label_strategies_d as d

    ema = EMAModel(d._ema_target().parameters(), foreach=True)
    stored = d._ema_target()
    for parameter in stored.parameters():
        parameter.data.fill_(0.5)
    ema.store(stored.parameters())
    ema.restore(module.parameters())
    return forward(torch.randn(1, 8, generator=torch.Generator().manual_seed(0)).to(device))


def num_parameters(module, forward, device):  # type: ignore[no-untyped-def]
    """ModelMixin.num_parameters(): the sum of param.numel() over the model's parameters (the line drawn)."""
    import torch

    return [torch.tensor(float(module.num_parameters()))]


def fuse_then_weights(module, forward, device):  # type: ignore[no-untyped-def]
    """Attention.fuse_projections() (to_qkv and to_added_qkv built, the concatenated weights and biases copied in),
    then the fused layers' weights and biases as written."""
    module.fuse_projections()
    return [getattr(getattr(module, name), part) for name in ("to_qkv", "to_kv", "to_added_qkv", "to_added_kv")
            if hasattr(module, name) for part in ("weight", "bias") if getattr(getattr(module, name), part) is not None]


def vae_encode_alone(module, forward, device):  # type: ignore[no-untyped-def]
    """A pipeline's ``self.vae.encode(image)`` alone (prepare_latents): the component's public method called with an
    image on the execution device."""
    import label_strategies_h as h

    return module.encode(h._x(1, module.config.in_channels, 16, 16, device=device)).latent_dist.mean


def _attention(**keywords: object):  # type: ignore[no-untyped-def]
    def build():  # type: ignore[no-untyped-def]
        from diffusers.models.attention_processor import Attention

        return Attention(query_dim=8, heads=2, dim_head=4, **keywords)
    return build


def _wan(name: str):  # type: ignore[no-untyped-def]
    def build():  # type: ignore[no-untyped-def]
        import importlib

        module = importlib.import_module(f"diffusers.models.transformers.{name.split(':')[0]}")
        extra = {"dim_head": 4} if name.endswith(":WanAttention") else {}
        return getattr(module, name.split(":")[1])(dim=8, heads=2, added_kv_proj_dim=8, **extra)
    return build


class _TimeProjHolder(__import__("torch").nn.Module):
    """A model holding diffusers' Timesteps as ``time_proj`` (no parameters) and a Linear (so every strategy has a
    parameter to place)."""

    def __init__(self) -> None:
        import torch
        from diffusers.models.embeddings import Timesteps

        super().__init__()
        self.time_proj = Timesteps(8, True, 0)
        self.linear = torch.nn.Linear(8, 8)

    def forward(self, x):  # type: ignore[no-untyped-def]
        return self.linear(self.time_proj(x))


def time_proj_copy(module, forward, device):  # type: ignore[no-untyped-def]
    """unet_motion_model.py from_unet2d: ``model.time_proj.load_state_dict(unet.time_proj.state_dict())`` (a
    Timesteps: nothing in its state_dict), then the fresh Timesteps run."""
    import torch
    from diffusers.models.embeddings import Timesteps

    fresh = Timesteps(8, True, 0)
    source = getattr(module, "module", module)  # DeepSpeed's engine holds the model as .module
    fresh.load_state_dict(source.time_proj.state_dict())
    return fresh(torch.arange(2))


# Checks that run a whole method (not the drawn line alone nor a stand-in): a failure at another line of the row's
# file is "broke at another line" (unsure), as for the confirmer.
WHOLE_METHOD = frozenset({
    ("models/attention_processor.py", 799), ("models/attention_processor.py", 835),
    ("models/attention_processor.py", 813), ("models/attention_processor.py", 830),
    ("models/transformers/transformer_wan.py", 248), ("models/transformers/transformer_wan_animate_2.py", 403),
    ("models/transformers/transformer_wan_animate_2.py", 404), ("models/modeling_utils.py", 2164),
})


def random_checks() -> dict[tuple[str, int], object]:
    import label_strategies_d as d
    import label_strategies_e as e
    import label_strategies_h as h
    from label_strategies_d import Check

    vae = h._built("diffusers.models.autoencoders.autoencoder_kl:AutoencoderKL")
    state_dict = Check(e._two_layers, e.state_dict_copy)
    return {
        # OFL109: a handed model's child state_dict() loaded into a fresh module (from_unet, from_modules...): one
        # experiment, round e's stand-in (two Linears), for every row of the kind
        ("models/controlnets/controlnet.py", 513): state_dict,
        ("models/unets/unet_motion_model.py", 1678): state_dict,
        ("models/controlnets/controlnet_xs.py", 1331): state_dict,
        ("models/controlnets/controlnet_xs.py", 1542): state_dict,
        ("models/controlnets/controlnet_sparsectrl.py", 446): state_dict,
        ("models/controlnets/controlnet_union.py", 449): state_dict,
        ("models/controlnets/controlnet_xs.py", 1717): state_dict,
        ("models/controlnets/controlnet_xs.py", 1322): state_dict,
        ("models/controlnets/controlnet_xs.py", 1329): state_dict,
        ("models/controlnets/controlnet_xs.py", 1330): state_dict,
        # ... except a Timesteps (no parameters): the line itself
        ("models/unets/unet_motion_model.py", 1627): Check(_TimeProjHolder, time_proj_copy),
        # OFL108: EMAModel's foreach copies into the handed parameters (stand-in: two Linears)
        ("training_utils.py", 826): Check(d._ema_target, ema_copy_to_foreach),
        ("training_utils.py", 900): Check(d._ema_target, ema_restore_foreach),
        # OFL112: ModelMixin.num_parameters() on a small AutoencoderKL
        ("models/modeling_utils.py", 2164): Check(vae, num_parameters, diffusers=True),
        # OFL113: Attention.fuse_projections() on a small self-attention with added KV projections
        ("models/attention_processor.py", 799): Check(_attention(added_kv_proj_dim=6), fuse_then_weights,
                                                      diffusers=True),
        ("models/attention_processor.py", 835): Check(_attention(added_kv_proj_dim=6), fuse_then_weights,
                                                      diffusers=True),
        ("models/attention_processor.py", 830): Check(_attention(added_kv_proj_dim=6), fuse_then_weights,
                                                      diffusers=True),
        ("models/attention_processor.py", 813): Check(_attention(cross_attention_dim=6, bias=True), fuse_then_weights,
                                                      diffusers=True),
        # OFL103: WanAttention / WanAnimate2Attention.fuse_projections() (weights concatenated from .data, the fused
        # layers assigned them), then the fused layers' weights
        ("models/transformers/transformer_wan.py", 248): Check(_wan("transformer_wan:WanAttention"),
                                                               fuse_then_weights, diffusers=True),
        ("models/transformers/transformer_wan_animate_2.py", 403): Check(
            _wan("transformer_wan_animate_2:WanAnimate2Attention"), fuse_then_weights, diffusers=True),
        ("models/transformers/transformer_wan_animate_2.py", 404): Check(
            _wan("transformer_wan_animate_2:WanAnimate2Attention"), fuse_then_weights, diffusers=True),
        # OFL202 (FSDP2): the pipeline's vae.decode / vae.encode call alone on a small AutoencoderKL
        ("pipelines/kolors/pipeline_kolors.py", 1046): Check(vae, h.vae_decode_alone, diffusers=True),
        ("pipelines/pag/pipeline_pag_sd_inpaint.py", 1374): Check(vae, h.vae_decode_alone, diffusers=True),
        ("pipelines/controlnet/pipeline_controlnet_img2img.py", 842): Check(vae, vae_encode_alone, diffusers=True),
    }


# ------------------------------------------------------------------------------------------------ runs
def one(number: int, timeout: float) -> None:
    import dataclasses
    import os

    row = all_rows()[number]
    if "blind" in row and row["blind"]["pattern"] in CHECKED_PATTERNS:
        import label_strategies_e as e
        import label_strategies_i as i

        try:
            check, why = argument_check(row)
            if check is None:
                check, why = i.check_of(row)
        except Exception as error:  # the class or method cannot be read
            check, why = None, f"{type(error).__name__}: {error}"
        result = e.judge_traced(check, row["strategy"]) if check is not None else \
            {"verdict": "untriggered", "evidence": f"no check: {why}"}
        result["how"] = why
        result["check"] = True
    else:
        import label_strategies_h as h
        from offload_lint.confirm import annotate
        from offload_lint.confirm.config import load_confirm_config

        import label_strategies_f as f

        finding = h.blind_finding(row) if "blind" in row else f.rebuild(row["finding"])
        config = dataclasses.replace(load_confirm_config(), timeout=timeout)
        verdict = annotate([finding], progress=False, config=config, strategies=(row["strategy"],))[0].runtime
        result = verdict.to_json() if verdict is not None else {"verdict": "none"}
    print(json.dumps(result), flush=True)
    os._exit(0)  # a process group whose hooks failed half-way can block at exit


def check_one(number: int) -> None:
    """Round h's check of the drawn line alone, for a random row the confirmer left undecided."""
    import os

    import label_strategies_e as e
    import label_strategies_h as h

    row = all_rows()[number]
    own = random_checks().get((row["relative"], row["finding"]["line"]))
    try:
        if own is not None:
            doc = (getattr(own.run, "__doc__", None) or "").strip().split("\n\n")[0]
            made = own, "a check of its own: " + " ".join(doc.split())
        else:
            made = h.generic_check(row)
    except Exception as error:
        made = None, f"{type(error).__name__}: {error}"
    check, why = made if made is not None else (None, "no line-alone check applies")
    if check is None:
        result = {"verdict": "untriggered", "evidence": f"no check: {why}"}
    else:
        result = e.judge_traced(check, row["strategy"])
    result["how"] = why if why.startswith("a check of its own") else f"the drawn line alone: {why}"
    result["check"] = True
    print(json.dumps(result), flush=True)
    os._exit(0)


def _spawn(command: str, numbers: list[int], timeout: float, wall: float, script: str = __file__,
           rows: list[dict] | None = None) -> None:
    """Each row ``script command N`` in a process of its own (a crash or a hang is that row's verdict), one JSON
    line per row; round k passes its own script and rows."""
    rows = all_rows() if rows is None else rows
    for number in numbers:
        started = time.perf_counter()
        arguments = [sys.executable, script, command, str(number)]
        if command == "one":
            arguments += ["--timeout", str(timeout)]
        try:
            proc = subprocess.run(arguments, capture_output=True, text=True, timeout=wall)
            lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
            result = json.loads(lines[-1]) if lines else {
                "verdict": "untriggered", "evidence": f"crashed: {proc.stderr.strip()[-300:]}"}
        except subprocess.TimeoutExpired:
            result = {"verdict": "untriggered", "evidence": f"timed out after {wall:.0f} s"}
        row = rows[number]
        print(json.dumps({"n": number, "strategy": row["strategy"], "path": row["relative"], "line": _line(row),
                          "verdict": result, "seconds": round(time.perf_counter() - started, 1)}), flush=True)


# ------------------------------------------------------------------------------------------------ toml
# Rows whose verdict is not applied as a label, with why (the verdict is kept in the evidence).
OVERRIDES: dict[int, str] = {
    49: "not applied: the confirmation is not located to a line and is about the result's cache being on the "
        "execution device, which is what model CPU offload returns by design; the row's line reads "
        "self.embedding_proj_layer.weight.dtype (a dtype, kept by every strategy), not what the run compared:",
}


def toml(runs: list[str]) -> str:
    import label_strategies_h as h

    rows = all_rows()
    verdicts: dict[int, dict] = {}
    for name in runs:  # later files win, but a check's "untriggered" does not replace a decided run
        for text in Path(name).read_text().splitlines():
            if text.strip():
                entry = json.loads(text)
                old = verdicts.get(entry["n"])
                new = entry["verdict"]
                if old is not None and old.get("verdict") in ("confirmed", "refuted") and \
                        new.get("verdict") not in ("confirmed", "refuted"):
                    continue
                if old is not None and old.get("verdict") not in ("confirmed", "refuted") and \
                        new.get("verdict") not in ("confirmed", "refuted") and new.get("check"):
                    new = dict(new, evidence=f"{old.get('evidence', '')[:300]} | then {new.get('evidence', '')}")
                verdicts[entry["n"]] = new
    labels = {"confirmed": "positive", "refuted": "negative"}
    out = ["# Per-strategy truth set, part j (docs/strategies-truth-j.md): a fresh re-measurement after the last",
           f"# change. Blind half: blind_scan_h.py drawn with seed {SEED_BLIND}, {PER_PATTERN} candidates per pattern, on",
           "# files no earlier strategies*.toml names (strategies_j_blind.jsonl). Random half: whole-tree --strategy all",
           f"# findings drawn with seed {SEED_RANDOM}, {RANDOM_SIZE} lines per strategy, on lines no earlier truth file holds",
           "# (strategies_j_draw.json). Each row run under its strategy's real library on CPU",
           "# (benchmarks/truth/label_strategies_j.py).", "", "[versions]"]
    out += [f'{tree} = "{VERSIONS[tree]}"' for tree in ("diffusers", "transformers", "peft", "timm")]
    for number, row in enumerate(rows):
        verdict = verdicts.get(number, {"verdict": "not-run", "evidence": "not run in the time"})
        outcome = verdict.get("verdict", "")
        evidence = verdict.get("evidence") or verdict.get("error") or ""
        stack = verdict.get("stack", "")
        line = _line(row)
        site = f"{row['relative']}:{line}"
        alone = verdict.get("check") and "blind" not in row and (row["relative"], line) not in WHOLE_METHOD
        if outcome == "confirmed" and stack and row["relative"] in stack and site not in stack and not alone:
            outcome, evidence = "untriggered", f"broke at another line than the site's: {evidence}"
        if stack:
            evidence += f" [stack: {stack}]"
        if number in OVERRIDES:
            outcome, evidence = "untriggered", f"{OVERRIDES[number]} {outcome}: {evidence}"
        if verdict.get("how"):
            evidence = f"({verdict['how']}) {evidence}"
        kind = "check: " if verdict.get("check") else "confirmer: "
        if "blind" in row:
            hit = row["blind"]
            cls, method, attribute = hit["cls"], hit["method"], ""
            source = f"blind scan (seed {SEED_BLIND}): {hit['pattern']}: {hit['text']}"
        else:
            finding = row["finding"]
            cls, method = finding.get("class") or "", finding.get("method") or ""
            attribute = finding.get("attribute") or ""
            source = f"random (seed {SEED_RANDOM}, pool {row['pool']}): {finding['code']} {finding['name']}"
        out += ["", "[[site]]", f'id = "j{number}-{Path(row["relative"]).stem}-{line}-{row["strategy"]}"',
                f'tree = "{row["tree"]}"', f'path = "{row["relative"]}"', f"line = {line}",
                f'class = "{cls}"', f'method = "{method}"', f"attribute = {h._quote(attribute)}",
                f'strategy = "{row["strategy"]}"', f'label = "{labels.get(outcome, "unsure")}"',
                f'runtime = "{outcome}"', f"source = {h._quote(source)}",
                f"confirm = {h._quote(f'python benchmarks/truth/label_strategies_j.py run {number}')}",
                f"evidence = {h._quote(kind + evidence[:700])}"]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("blind")
    b.add_argument("--per-pattern", type=int, default=PER_PATTERN)
    b.add_argument("--skip", type=int, default=0)
    b.add_argument("--no-examples", action="store_true",
                   help="scan without diffusers' examples (/tmp/corp/examples), as the committed draw was made")
    d = sub.add_parser("random")
    d.add_argument("files", nargs="+")
    d.add_argument("--size", type=int, default=RANDOM_SIZE)
    d.add_argument("--skip", type=int, default=0)
    d.add_argument("--strategy", action="append", default=[], help="keep only these strategies' rows")
    for name in ("run", "check"):
        r = sub.add_parser(name)
        r.add_argument("numbers", nargs="*", type=int)
        r.add_argument("--timeout", type=float, default=30.0)
        r.add_argument("--wall", type=float, default=100.0)
    o = sub.add_parser("one")
    o.add_argument("number", type=int)
    o.add_argument("--timeout", type=float, default=30.0)
    c = sub.add_parser("check-one")
    c.add_argument("number", type=int)
    sub.add_parser("list")
    t = sub.add_parser("toml")
    t.add_argument("runs", nargs="*")
    args = parser.parse_args(argv)
    if args.command == "blind":
        for hit in draw_blind(per_pattern=args.per_pattern, skip=args.skip, examples=not args.no_examples):
            print(json.dumps(hit))
    elif args.command == "random":
        drawn = draw_random(args.files, size=args.size, skip=args.skip)
        print(json.dumps([row for row in drawn if not args.strategy or row["strategy"] in args.strategy], indent=1))
    elif args.command == "run":
        _spawn("one", args.numbers or list(range(len(all_rows()))), args.timeout, args.wall)
    elif args.command == "check":
        _spawn("check-one", args.numbers, args.timeout, args.wall)
    elif args.command == "one":
        one(args.number, args.timeout)
    elif args.command == "check-one":
        check_one(args.number)
    elif args.command == "list":
        for number, row in enumerate(all_rows()):
            kind = row["blind"]["pattern"] if "blind" in row else "random " + row["finding"]["code"]
            print(f"{number}\t{row['strategy']}\t{row['tree']}/{row['relative']}:{_line(row)}\t{kind}")
    else:
        sys.stdout.write(toml(args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
