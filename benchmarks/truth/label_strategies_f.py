"""Round f: a fresh random draw of whole-tree strategy findings, each run under its strategy's real library on CPU.

    # 1. whole-tree findings (the branch under test), one file per tree:
    python -m offload_lint TREE --strategy all --no-cache --output-format json --exit-zero --show-suppressed > T.json
    # 2. the draw (written down before any run): findings naming S, not suppressed, on a line no earlier truth
    #    set holds, shuffled with the seed; the first N distinct lines per strategy
    python benchmarks/truth/label_strategies_f.py draw T1.json T2.json ... --seed 20261203 --size 24 > draw_f.json
    # 3. each drawn finding handed to the stock confirmer under its strategy (as --confirm does: accelerate
    #    cpu_offload, model CPU offload on a second device, FSDP2 fully_shard on gloo, DeepSpeed ZeRO-3 on its CPU
    #    accelerator), one JSON line per finding, written as each run ends
    PYTHONPATH=DIR_WITH_SITECUSTOMIZE python benchmarks/truth/label_strategies_f.py run draw_f.json --strategy S \
        [--timeout 30] > runs_S.jsonl
    # 4. the truth file
    python benchmarks/truth/label_strategies_f.py toml draw_f.json runs_*.jsonl > strategies_f.toml

The findings are the whole-tree run's own (rebuilt from its JSON), so no file is linted again here. Verdicts map
to labels as in the earlier rounds: confirmed -> positive, refuted -> negative, anything else -> unsure (not scored).
The timm sites need ``torchvision_stub`` imported first (a sitecustomize on PYTHONPATH, as in round e).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

# Where each tree's files are (a finding's path is made relative to the first root that holds it).
TREES = {
    "diffusers": "site-packages/diffusers/",
    "transformers": "site-packages/transformers/",
    "peft": "site-packages/peft/",
    "timm": "site-packages/timm/",
    "examples": "/tmp/corp/examples/",
}
_STANDARD = {"path", "line", "column", "end_line", "end_column", "code", "name", "message", "class", "method",
             "levels", "strategies", "attribute", "module", "call_site", "fix", "suppressed_by", "related_locations"}


def tree_of(path: str) -> tuple[str, str] | None:
    for tree, marker in TREES.items():
        if marker in path:
            return tree, path.split(marker, 1)[1]
    return None


def earlier_lines() -> set[tuple[str, str, int]]:
    """(tree, path as the truth files spell it, line) of every row of every earlier truth set. Transformers rows
    are spelled relative to the package or to ``models/``: both spellings are kept."""
    seen = set()
    for path in sorted(HERE.glob("strategies*.toml")) + [HERE / "sites.toml"]:
        if path.name == "strategies_f.toml" or not path.exists():
            continue
        for row in tomllib.loads(path.read_text()).get("site", []):
            relative = row["path"]
            seen.add((row["tree"], relative, int(row["line"])))
            seen.add((row["tree"], f"models/{relative}", int(row["line"])))
    return seen


def draw(files: list[str], seed: int, size: int) -> list[dict]:
    findings = []
    for name in files:
        findings += json.loads(Path(name).read_text())
    seen = earlier_lines()
    rng = random.Random(seed)
    drawn = []
    for strategy in ("accelerate-sequential", "model-cpu-offload", "fsdp2", "zero3"):
        pool = []
        for finding in findings:
            where = tree_of(finding["path"])
            if where is None or finding.get("suppressed_by") or strategy not in (finding.get("strategies") or []):
                continue
            if (where[0], where[1], finding["line"]) in seen:
                continue
            pool.append(finding)
        pool.sort(key=lambda f: (f["path"], f["line"], f["column"], f["code"]))
        rng.shuffle(pool)
        lines: set[tuple[str, int]] = set()
        for finding in pool:
            if (finding["path"], finding["line"]) in lines:
                continue
            lines.add((finding["path"], finding["line"]))
            tree, relative = tree_of(finding["path"])
            drawn.append({"strategy": strategy, "tree": tree, "relative": relative, "pool": len(pool),
                          "finding": finding})
            if len(lines) == size:
                break
    return drawn


def rebuild(data: dict):
    """The Finding the whole-tree run reported, from its JSON."""
    from offload_lint.finding import Finding
    from offload_lint.strategies import BY_NAME

    return Finding(
        path=data["path"], line=data["line"], column=data["column"], end_line=data["end_line"],
        end_column=data["end_column"], code=data["code"], name=data["name"], message=data["message"],
        class_name=data.get("class"), method=data.get("method"),
        levels=tuple(BY_NAME[name].key for name in data.get("strategies") or [] if name in BY_NAME),
        attribute=data.get("attribute"), module=data.get("module"),
        extra={key: value for key, value in data.items() if key not in _STANDARD},
    )


def run(drawn: list[dict], strategy: str, timeout: float) -> None:
    from offload_lint.confirm import annotate
    from offload_lint.confirm.config import load_confirm_config

    config = dataclasses.replace(load_confirm_config(), timeout=timeout)
    for number, row in enumerate(drawn):
        if row["strategy"] != strategy:
            continue
        started = time.perf_counter()
        finding = rebuild(row["finding"])
        try:
            verdict = annotate([finding], progress=False, config=config, strategies=(strategy,))[0].runtime
            result = verdict.to_json() if verdict is not None else {"verdict": "none"}
        except Exception as error:  # one crash must not end the round
            result = {"verdict": "untriggered", "evidence": f"runner error: {error!r}"}
        print(json.dumps({"n": number, "strategy": strategy, "tree": row["tree"], "path": row["relative"],
                          "line": row["finding"]["line"], "code": row["finding"]["code"], "verdict": result,
                          "seconds": round(time.perf_counter() - started, 1)}), flush=True)


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def toml(drawn: list[dict], runs: list[str], seed: int) -> str:
    verdicts, checked = {}, set()
    for name in runs:  # stock confirmer runs first, then the checks (a check's verdict replaces the stock one)
        for line in Path(name).read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                if row["n"] in checked and not row.get("check"):
                    continue
                verdicts[row["n"]] = row["verdict"]
                if row.get("check"):
                    checked.add(row["n"])
    out = ["# Per-strategy truth set, part f: a fresh random draw of whole-tree findings after round e's fixes, each",
           "# run under its strategy's real library on CPU by the stock confirmer (benchmarks/truth/label_strategies_f.py;",
           "# docs/strategies-truth-f.md). Drawn rows are findings: they measure precision.", "",
           "[versions]", 'diffusers = "0.42.1"', 'transformers = "5.24.0"', 'peft = "0.21.2"', 'timm = "1.0.31"', ""]
    labels = {"confirmed": "positive", "refuted": "negative"}
    for number, row in enumerate(drawn):
        finding = row["finding"]
        verdict = dict(verdicts.get(number, {"verdict": "not run", "evidence": "not run in the time (see the doc)"}))
        evidence = verdict.get("evidence") or verdict.get("error") or ""
        stack = verdict.get("stack", "")
        site = f'{row["relative"]}:{finding["line"]}'
        # As in round e: a run of the site's own file confirms the row only when it broke at the row's line.
        if verdict.get("verdict") == "confirmed" and row["relative"] in stack and site not in stack \
                and number not in ALONE:
            verdict["verdict"] = "untriggered"
            evidence = f"broke at another line than the site's: {evidence}"
        if stack:
            evidence += f" [stack: {stack}]"
        if number in checked:
            evidence = f"check f-{number}: {evidence}"
        label = labels.get(verdict.get("verdict", ""), "unsure")
        out += ["[[site]]",
                f'id = "f-{Path(row["relative"]).stem}-{finding["line"]}-{row["strategy"]}"',
                f'tree = "{row["tree"]}"', f'path = "{row["relative"]}"', f'line = {finding["line"]}',
                f'class = {_quote(finding.get("class") or "")}', f'method = {_quote(finding.get("method") or "")}',
                f'attribute = {_quote(finding.get("attribute") or "")}', f'strategy = "{row["strategy"]}"',
                f'label = "{label}"', f'runtime = "{verdict.get("verdict", "")}"',
                f'source = "random (seed {seed}): {finding["code"]}"',
                (f'confirm = "python benchmarks/truth/label_strategies_f.py one draw_f.json {number}"' if number in checked else
                 f'confirm = "python benchmarks/truth/label_strategies_f.py run draw_f.json --strategy {row["strategy"]}"'),
                f"evidence = {_quote(evidence[:700])}", ""]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw")
    d.add_argument("findings", nargs="+")
    d.add_argument("--seed", type=int, required=True)
    d.add_argument("--size", type=int, default=24)
    r = sub.add_parser("run")
    r.add_argument("draw")
    r.add_argument("--strategy", required=True)
    r.add_argument("--timeout", type=float, default=30.0)
    c = sub.add_parser("checks")
    c.add_argument("draw")
    c.add_argument("numbers", nargs="*", type=int)
    o = sub.add_parser("one")
    o.add_argument("draw")
    o.add_argument("number", type=int)
    t = sub.add_parser("toml")
    t.add_argument("draw")
    t.add_argument("runs", nargs="*")
    t.add_argument("--seed", type=int, default=20261203)
    args = parser.parse_args(argv)
    if args.command == "draw":
        print(json.dumps(draw(args.findings, args.seed, args.size), indent=1))
    elif args.command == "checks":
        sys.path.insert(0, str(HERE))
        run_checks(args.draw, args.numbers)
    elif args.command == "one":
        sys.path.insert(0, str(HERE))
        run_one(args.draw, args.number)
    elif args.command == "run":
        run(json.loads(Path(args.draw).read_text()), args.strategy, args.timeout)
    else:
        print(toml(json.loads(Path(args.draw).read_text()), args.runs, args.seed))
    return 0



# ------------------------------------------------------------------------------------------------ checks
# Drawn rows the stock confirmer cannot build or run get a check of their own, written the round-e way
# (label_strategies_e.py's helpers, reused): the site's class built small, the site's method run, or the site's line
# alone (``child_alone`` / ``param_alone`` / ``cat_alone``) where an earlier line of its method breaks first. Keyed by
# the row's number in the draw; run with ``checks draw_f.json [N ...] > checks_f.jsonl``.

def _line_cat_alone(tree_file: str, line: int):
    """``torch.cat([self.<a>.data, self.<b>.data])`` as the drawn line writes it, alone."""
    import re

    import label_strategies_e as e

    text = Path(tree_file).read_text().splitlines()[line - 1]
    return e.cat_alone(*re.findall(r"self\.([\w.]+)\.data", text))


def _ema_store_restore(module, forward, device):  # type: ignore[no-untyped-def]
    """diffusers' EMAModel.store() then restore() on the model's parameters (a validation loop's round trip),
    then the model's forward."""
    from diffusers.training_utils import EMAModel

    ema = EMAModel(list(module.parameters()))
    ema.store(module.parameters())
    ema.restore(module.parameters())
    return forward(torch.ones(1, 8).to(device))


def checks() -> dict[int, object]:
    import torch as _torch  # noqa: F401

    import label_strategies_d as d
    import label_strategies_e as e
    from label_strategies_d import Check

    sp = Path(__import__("importlib.util").util.find_spec("diffusers").submodule_search_locations[0]).parent
    t = e._timm
    coat = t("coat_tiny", img_size=32, num_classes=4)
    eva = t("eva02_tiny_patch14_224", img_size=28, depth=1, num_classes=4)
    eva_reg = t("eva02_tiny_patch14_224", img_size=28, depth=1, num_classes=4, num_reg_tokens=1)
    samvit = t("samvit_base_patch16", img_size=32, patch_size=16, embed_dim=16, depth=1, num_heads=2,
               global_attn_indexes=(0,), window_size=0, neck_chans=8, use_rel_pos=False)
    swin = t("swin_tiny_patch4_window7_224", img_size=32, window_size=2, embed_dim=8, depths=(1, 1, 1, 1),
             num_heads=(1, 1, 1, 1), num_classes=4)
    fuse = {
        77: ("transformer_wan_animate_2", "WanAnimate2Attention", {"dim_head": None}),
        78: ("transformer_skyreels_v2", "SkyReelsV2Attention", {}),
        83: ("transformer_skyreels_v2", "SkyReelsV2Attention", {}),
        81: ("transformer_wan", "WanAttention", {}),
        85: ("transformer_wan_animate", "WanAttention", {}),
        92: ("transformer_wan_animate", "WanAttention", {}),
        89: ("transformer_chronoedit", "WanAttention", {}),
    }
    drawn = json.loads(Path(_DRAW).read_text())
    found: dict[int, object] = {
        # accelerate-sequential
        7: Check(coat, e.timm_forward_features(32)),
        9: Check(coat, e.param_alone("cls_token4")),
        8: Check(t("convit_tiny", img_size=32, num_classes=4), e.timm_forward_features(32)),
        12: Check(t("vovnet39a", num_classes=4), e.timm_reset_classifier(32)),
        21: Check(t("cspresnet50", num_classes=4), e.timm_reset_classifier(32)),
        19: Check(t("efficientvit_b0", num_classes=4), e.timm_reset_classifier(64)),
        23: Check(t("deit_tiny_distilled_patch16_224", img_size=32, depth=1, embed_dim=16, num_heads=2,
                    num_classes=4), e.timm_forward_features(32)),
        # model CPU offload
        31: Check(eva, e.timm_forward_features(28)),
        44: Check(eva, e.timm_forward_intermediates(28)),
        43: Check(eva_reg, e.param_alone("reg_token")),
        34: Check(e._probed(swin, "forward", 32, "layers"), e.child_alone("layers")),
        40: Check(e._probed(swin, "forward", 32, "layers.0"), e.child_alone("layers.0")),
        41: Check(t("mixer_s16_224", img_size=32, num_classes=4), e.timm_forward_intermediates(32)),
        45: Check(e._probed(t("efficientnet_b0", num_classes=4), "forward", 32, "blocks.0"), e.child_alone("blocks.0")),
        39: Check(t("efficientvit_l1", num_classes=4), e.timm_reset_classifier(64)),
        # FSDP2
        49: Check(e._probed(samvit, "forward", 32, "head"), e.child_alone("head")),
        61: Check(e._probed(t("levit_128s", img_size=64, num_classes=4), "forward", 64, "head"), e.child_alone("head")),
        65: Check(e._probed(t("focalnet_tiny_srf", num_classes=4), "forward", 32, "head"), e.child_alone("head")),
        71: Check(t("poolformer_s12", num_classes=4), e.timm_forward_features(32)),
        # ZeRO-3
        75: Check(t("xcit_nano_12_p16_224", img_size=32, depth=1, num_classes=4), e.param_alone("cls_token")),
        76: Check(coat, e.param_alone("cls_token3")),
        84: Check(eva_reg, e.param_alone("reg_token")),
        87: Check(e._two_layers, _ema_store_restore),
    }
    for number, (module, cls, kwargs) in fuse.items():
        row = drawn[number]
        found[number] = Check(e._fuse_attention(module, cls, **kwargs),
                              _line_cat_alone(str(sp / "diffusers" / row["relative"]), row["finding"]["line"]),
                              diffusers=True)
    return found


_DRAW = str(HERE / "strategies_f_draw.json")
# Checks that run the drawn line alone (a child called, a parameter read, a concatenation): their verdict is the
# line's, whatever file the failing frame is in.
ALONE = frozenset({9, 34, 40, 43, 45, 49, 61, 65, 75, 76, 77, 78, 81, 83, 84, 85, 89, 92})


def run_checks(draw_path: str, numbers: list[int]) -> None:
    """Each check in a process of its own (a hang or a crash stays there), under the row's strategy."""
    import subprocess

    drawn = json.loads(Path(draw_path).read_text())
    for number in numbers or sorted(checks()):
        strategy = drawn[number]["strategy"]
        started = time.perf_counter()
        try:
            proc = subprocess.run([sys.executable, __file__, "one", draw_path, str(number)], capture_output=True,
                                  text=True, timeout=420)
            lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
            result = json.loads(lines[-1]) if lines else {"verdict": "untriggered",
                                                          "evidence": f"crashed: {proc.stderr[-300:]}"}
        except subprocess.TimeoutExpired:
            result = {"verdict": "untriggered", "evidence": "timed out after 420 s"}
        print(json.dumps({"n": number, "strategy": strategy, "check": True, "verdict": result,
                          "seconds": round(time.perf_counter() - started, 1)}), flush=True)


def run_one(draw_path: str, number: int) -> None:
    import os

    import label_strategies_e as e

    global _DRAW
    _DRAW = draw_path
    drawn = json.loads(Path(draw_path).read_text())
    print(json.dumps(e.judge_traced(checks()[number], drawn[number]["strategy"])), flush=True)
    os._exit(0)  # a process group whose hooks failed half-way can block at exit


if __name__ == "__main__":
    sys.exit(main())
