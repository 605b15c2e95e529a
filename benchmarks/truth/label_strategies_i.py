"""Round i: a fresh blind check after OFL113 (docs/strategies-truth-i.md).

Round h's blind scan (``blind_scan_h.py``, unchanged) re-run with a NEW seed, written here before any draw was made,
on sources round h did not draw from: a hit is kept only when its file is named by no row of ``strategies_h.toml``
and its line by no earlier truth file. Per pattern, the hits sorted and shuffled with the seed, the first
``PER_PATTERN``; each candidate gives one row per strategy its pattern names. Every row is labelled at runtime with the
real library on CPU (``label_strategies_d.apply``: accelerate ``cpu_offload``, ``cpu_offload_with_hook`` on a meta
execution device, FSDP2 ``fully_shard`` on a one-rank gloo group, DeepSpeed ZeRO-3 through ``deepspeed.initialize``):

* ``whole-param-write`` rows: the module's parameters set to loaded-like values (random, none an initialiser
  writes), then the candidate's method called on the offloaded module (only a method that needs no argument), then the written parameter read back as the next forward would see it (accelerate: the owner's hook
  onloads it; ZeRO-3: gathered; FSDP2: the full tensor), against the same on the un-offloaded module
  (``method_then_weight``). A write that is lost differs; one that fails raises.
* ``component-device`` rows: round h's stand-in (a CLIP text encoder's ``.device`` used to place its input; one
  experiment for every row of the kind).
* every other row: the confirmer, with a finding made by hand at the candidate's line (round h's ``blind_finding``).

    python benchmarks/truth/label_strategies_i.py draw > benchmarks/truth/strategies_i_blind.jsonl
    python benchmarks/truth/label_strategies_i.py draw --pattern whole-param-write --skip 4 --per-pattern 12 \
        > benchmarks/truth/strategies_i_blind_more.jsonl
    PYTHONPATH=benchmarks/truth/runs_i python benchmarks/truth/label_strategies_i.py run [ROW ...] > runs_i.jsonl
    python benchmarks/truth/label_strategies_i.py toml runs_i.jsonl > benchmarks/truth/strategies_i.toml
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

SEED_BLIND = 20261250  # round i's blind seed, chosen and committed before the draw
PER_PATTERN = 4
BLIND = HERE / "strategies_i_blind.jsonl"
# The same shuffle read further for the whole-parameter-write pattern (candidates 5-12), drawn after the first rows
# had decided too few of that pattern and committed before they ran; numbered after BLIND's rows.
BLIND_MORE = HERE / "strategies_i_blind_more.jsonl"
CHECKED_PATTERNS = ("whole-param-write", "component-device")


def _h_files() -> set[tuple[str, str]]:
    rows = tomllib.loads((HERE / "strategies_h.toml").read_text())["site"]
    return {(row["tree"], path) for row in rows for path in (row["path"], f"models/{row['path']}")}


def draw(seed: int = SEED_BLIND, per_pattern: int = PER_PATTERN, skip: int = 0,
         patterns: tuple[str, ...] = ()) -> list[dict]:
    import blind_scan_h as scan

    # Every truth file before this round's (strategies_i.toml itself left out: the draw must not change once this
    # round's rows are written, or reading the shuffle further would not extend the same draw).
    seen = set()
    for path in sorted(HERE.glob("strategies*.toml")) + [HERE / "sites.toml"]:
        if path.name.startswith("strategies_i") or not path.exists():
            continue
        for row in tomllib.loads(path.read_text()).get("site", []):
            seen |= {(row["tree"], relative, int(row["line"])) for relative in (row["path"], f"models/{row['path']}")}
    h_files = _h_files()
    hits = [hit for hit in scan.scan() if (hit.tree, hit.path) not in h_files
            and (hit.tree, hit.path, hit.line) not in seen]
    rng = random.Random(seed)
    drawn: list[dict] = []
    for pattern in scan.PATTERN_STRATEGIES:
        mine = sorted((hit for hit in hits if hit.pattern == pattern), key=lambda h: (h.tree, h.path, h.line))
        rng.shuffle(mine)  # every pattern's shuffle is made, so a pattern's order does not depend on the filter
        if not patterns or pattern in patterns:
            drawn += [scan.asdict(hit) for hit in mine[skip:per_pattern]]
    return drawn


def all_rows() -> list[dict]:
    return _rows(BLIND) + _rows(BLIND_MORE)


def _rows(path: Path) -> list[dict]:
    rows = []
    for text in path.read_text().splitlines() if path.exists() else []:
        if text.strip():
            hit = json.loads(text)
            rows += [{"strategy": s, "tree": hit["tree"], "relative": hit["path"], "blind": hit}
                     for s in hit["strategies"]]
    return rows


# ------------------------------------------------------------------------------------------------ checks
def _served(module, chain: list[str]):  # type: ignore[no-untyped-def]
    """The parameter at ``chain`` as the next forward would see it (read-only)."""
    owner = module
    for step in chain[:-1]:
        owner = owner[int(step)] if step.isdigit() else getattr(owner, step)
    param = getattr(owner, chain[-1])
    hook = getattr(owner, "_hf_hook", None)
    if hook is not None and param.device.type == "meta":
        hook.pre_forward(owner)
        value = getattr(owner, chain[-1]).detach().clone()
        hook.post_forward(owner, None)
        return value
    if hasattr(param, "ds_id"):
        import deepspeed

        with deepspeed.zero.GatheredParameters([param]):
            return param.detach().clone()
    if hasattr(param, "full_tensor"):
        return param.full_tensor().detach().clone()
    return param.detach().clone()


def method_then_weight(method: str, chain: list[str]):  # type: ignore[no-untyped-def]
    """``module.<method>()`` on the offloaded module, then the parameter it writes as the next forward would see it
    (accelerate: onloaded by the owner's hook; ZeRO-3: gathered; FSDP2: the full tensor)."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        import torch

        torch.manual_seed(1)
        getattr(module, method)()
        return _served(module, chain)
    return run


def _chain(attribute: str) -> list[str] | None:
    """``self.conv3.bn.weight(.data)`` -> ["conv3", "bn", "weight"]; None for a chain indexed by a name."""
    text = attribute.removeprefix("self.").removesuffix(".data")
    steps = text.replace("[", ".").replace("]", "").split(".")
    return steps if all(step.isidentifier() or step.isdigit() for step in steps) else None


def check_of(row: dict):  # type: ignore[no-untyped-def]
    """(Check, why) for a checked row, or (None, why not)."""
    import inspect

    import label_strategies_h as h
    from label_strategies_d import Check
    from offload_lint.confirm.build import resolve

    hit = row["blind"]
    if hit["pattern"] == "component-device":
        import label_strategies_d as d

        return Check(d._clip_text, h.device_of_component), "stand-in: a CLIP text encoder's .device places its input"
    chain = _chain(hit["attribute"])
    if chain is None:
        return None, f"the written parameter ({hit['attribute']}) is indexed by a name"
    cls = resolve(f"{hit['module']}:{hit['cls']}")
    parameters = list(inspect.signature(getattr(cls, hit["method"])).parameters.values())[1:]
    if any(p.default is inspect.Parameter.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
           for p in parameters):
        return None, f"{hit['method']}() needs arguments"
    return Check(_loaded(h._built(f"{hit['module']}:{hit['cls']}")), method_then_weight(hit["method"], chain)), \
        f"{hit['cls']}.{hit['method']}() on the offloaded module (its weights set to loaded-like values first), then " \
        f"self.{'.'.join(chain)} as the next forward sees it"


def _loaded(build):  # type: ignore[no-untyped-def]
    """The module with every parameter set to values no initialiser writes (as a loaded checkpoint's are): a
    ``reset_parameters()`` that writes what the constructor wrote (``ones_`` on a weight built as ones) is then
    seen to land or not."""
    def made():  # type: ignore[no-untyped-def]
        import torch

        module = build()
        generator = torch.Generator().manual_seed(7)
        with torch.no_grad():
            for parameter in module.parameters():
                parameter.copy_(torch.rand(parameter.shape, generator=generator) * 2 + 0.5)
        return module
    return made


def one(number: int, timeout: float) -> None:
    import dataclasses
    import os

    row = all_rows()[number]
    if row["blind"]["pattern"] in CHECKED_PATTERNS:
        import label_strategies_e as e

        try:
            check, why = check_of(row)
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

        config = dataclasses.replace(load_confirm_config(), timeout=timeout)
        verdict = annotate([h.blind_finding(row)], progress=False, config=config, strategies=(row["strategy"],))[0].runtime
        result = verdict.to_json() if verdict is not None else {"verdict": "none"}
    print(json.dumps(result), flush=True)
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
                          "line": row["blind"]["line"], "verdict": result,
                          "seconds": round(time.perf_counter() - started, 1)}), flush=True)


def toml(runs: list[str]) -> str:
    import label_strategies_h as h

    rows = all_rows()
    verdicts: dict[int, dict] = {}
    for name in runs:  # later lines win
        for text in Path(name).read_text().splitlines():
            if text.strip():
                entry = json.loads(text)
                verdicts[entry["n"]] = entry["verdict"]
    labels = {"confirmed": "positive", "refuted": "negative"}
    out = ["# Per-strategy truth set, part i (docs/strategies-truth-i.md): a fresh blind check. Round h's blind scan",
           f"# (blind_scan_h.py) drawn again with seed {SEED_BLIND}, {PER_PATTERN} candidates per pattern, on files",
           "# strategies_h.toml does not name (strategies_i_blind.jsonl); each row run under its strategy's real library",
           "# on CPU (benchmarks/truth/label_strategies_i.py).",
           "", "[versions]", 'diffusers = "0.42.1"', 'transformers = "5.24.0"', 'peft = "0.21.2"', 'timm = "1.0.31"']
    for number, row in enumerate(rows):
        verdict = verdicts.get(number, {"verdict": "not-run", "evidence": "not run in the time"})
        outcome = verdict.get("verdict", "")
        evidence = verdict.get("evidence") or verdict.get("error") or ""
        stack = verdict.get("stack", "")
        hit = row["blind"]
        site = f"{row['relative']}:{hit['line']}"
        if outcome == "confirmed" and stack and row["relative"] in stack and site not in stack:
            outcome, evidence = "untriggered", f"broke at another line than the site's: {evidence}"
        if stack:
            evidence += f" [stack: {stack}]"
        if verdict.get("how"):
            evidence = f"({verdict['how']}) {evidence}"
        kind = "check: " if verdict.get("check") else "confirmer: "
        source = f"blind scan (seed {SEED_BLIND}): {hit['pattern']}: {hit['text']}"
        out += ["", "[[site]]", f'id = "i{number}-{Path(row["relative"]).stem}-{hit["line"]}-{row["strategy"]}"',
                f'tree = "{row["tree"]}"', f'path = "{row["relative"]}"', f"line = {hit['line']}",
                f'class = "{hit["cls"]}"', f'method = "{hit["method"]}"', 'attribute = ""',
                f'strategy = "{row["strategy"]}"', f'label = "{labels.get(outcome, "unsure")}"',
                f'runtime = "{outcome}"', f"source = {h._quote(source)}",
                f"confirm = {h._quote(f'python benchmarks/truth/label_strategies_i.py run {number}')}",
                f"evidence = {h._quote(kind + evidence[:700])}"]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw")
    d.add_argument("--per-pattern", type=int, default=PER_PATTERN)
    d.add_argument("--skip", type=int, default=0, help="leave out the first SKIP candidates per pattern (drawn before)")
    d.add_argument("--pattern", action="append", default=[])
    r = sub.add_parser("run")
    r.add_argument("numbers", nargs="*", type=int)
    r.add_argument("--timeout", type=float, default=30.0)
    r.add_argument("--wall", type=float, default=90.0)
    o = sub.add_parser("one")
    o.add_argument("number", type=int)
    o.add_argument("--timeout", type=float, default=30.0)
    sub.add_parser("list")
    t = sub.add_parser("toml")
    t.add_argument("runs", nargs="*")
    args = parser.parse_args(argv)
    if args.command == "draw":
        for hit in draw(per_pattern=args.per_pattern, skip=args.skip, patterns=tuple(args.pattern)):
            print(json.dumps(hit))
    elif args.command == "run":
        run(args.numbers, args.timeout, args.wall)
    elif args.command == "one":
        one(args.number, args.timeout)
    elif args.command == "list":
        for number, row in enumerate(all_rows()):
            hit = row["blind"]
            print(f"{number}\t{row['strategy']}\t{row['tree']}/{row['relative']}:{hit['line']}\t{hit['pattern']}")
    else:
        sys.stdout.write(toml(args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
