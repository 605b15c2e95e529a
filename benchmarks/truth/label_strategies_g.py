"""Round g: round f's unsure rows handed again to the confirmer after its build causes were fixed (docs/strategies-truth-g.md).

    # each unsure row of strategies_f.toml in a process of its own under its strategy, one JSON line per row
    PYTHONPATH=DIR_WITH_SITECUSTOMIZE python benchmarks/truth/label_strategies_g.py run [N ...] \
        [--timeout 30] [--wall 150] > runs_g.jsonl
    # round g's verdicts (and checks) written into strategies_f.toml's unsure rows
    python benchmarks/truth/label_strategies_g.py apply runs_g.jsonl [checks_g.jsonl ...]

The findings are rebuilt from round f's draw (``strategies_f_draw.json``), as round f did. A verdict maps to a label
as before (confirmed -> positive, refuted -> negative, else unsure), and a run of the site's own file confirms a row
only when the failing frame is the row's line (round f's rule). The sitecustomize imports ``torchvision_stub``
where torchvision is absent (timm rows).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE))

DRAW = HERE / "strategies_f_draw.json"
TRUTH = HERE / "strategies_f.toml"
ORDER = ("accelerate-sequential", "fsdp2", "model-cpu-offload", "zero3")


def unsure_rows() -> list[int]:
    import tomllib

    rows = tomllib.loads(TRUTH.read_text())["site"]
    numbers = [n for n, row in enumerate(rows) if row["label"] == "unsure"]
    return sorted(numbers, key=lambda n: (ORDER.index(rows[n]["strategy"]), n))


def run_one(number: int, timeout: float) -> None:
    """One drawn finding through the confirmer under its strategy, in this process."""
    import dataclasses
    import os

    import label_strategies_f as f
    from offload_lint.confirm import annotate
    from offload_lint.confirm.config import load_confirm_config

    row = json.loads(DRAW.read_text())[number]
    config = dataclasses.replace(load_confirm_config(), timeout=timeout)
    verdict = annotate([f.rebuild(row["finding"])], progress=False, config=config,
                       strategies=(row["strategy"],))[0].runtime
    print(json.dumps(verdict.to_json() if verdict is not None else {"verdict": "none"}), flush=True)
    os._exit(0)  # a process group whose hooks failed half-way can block at exit


def run(numbers: list[int], timeout: float, wall: float) -> None:
    drawn = json.loads(DRAW.read_text())
    for number in numbers or unsure_rows():
        started = time.perf_counter()
        try:
            proc = subprocess.run([sys.executable, __file__, "one", str(number), "--timeout", str(timeout)],
                                  capture_output=True, text=True, timeout=wall)
            lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
            result = json.loads(lines[-1]) if lines else {
                "verdict": "untriggered", "evidence": f"crashed: {proc.stderr.strip()[-300:]}"}
        except subprocess.TimeoutExpired:
            result = {"verdict": "untriggered", "evidence": f"timed out after {wall:.0f} s"}
        row = drawn[number]
        print(json.dumps({"n": number, "strategy": row["strategy"], "path": row["relative"],
                          "line": row["finding"]["line"], "verdict": result,
                          "seconds": round(time.perf_counter() - started, 1)}), flush=True)


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def apply(runs: list[str]) -> None:
    """Rewrite the unsure rows of strategies_f.toml that a round-g run or check decided or explained anew."""
    import label_strategies_f as f

    drawn = json.loads(DRAW.read_text())
    verdicts: dict[int, dict] = {}
    checked: set[int] = set()
    for name in runs:  # later files win; a check's verdict replaces a run's
        for line in Path(name).read_text().splitlines():
            if not line.strip():
                continue
            entry = json.loads(line)
            if entry["n"] in checked and not entry.get("check"):
                continue
            verdicts[entry["n"]] = entry["verdict"]
            if entry.get("check"):
                checked.add(entry["n"])
    blocks = TRUTH.read_text().split("\n[[site]]\n")
    head, sites = blocks[0], blocks[1:]
    labels = {"confirmed": "positive", "refuted": "negative"}
    for number, verdict in verdicts.items():
        block = sites[number]
        if 'label = "unsure"' not in block:
            continue  # round f decided it; round g does not relabel decided rows
        row = drawn[number]
        evidence = verdict.get("evidence") or verdict.get("error") or ""
        stack = verdict.get("stack", "")
        site = f'{row["relative"]}:{row["finding"]["line"]}'
        outcome = verdict.get("verdict", "")
        if outcome == "confirmed" and row["relative"] in stack and site not in stack and number not in f.ALONE \
                and number not in ALONE:
            outcome = "untriggered"
            evidence = f"broke at another line than the site's: {evidence}"
        if stack:
            evidence += f" [stack: {stack}]"
        evidence = f"round g {'check' if number in checked else 'confirmer'}: {outcome}: {evidence}"
        how = (f"python benchmarks/truth/label_strategies_g.py check {number}" if number in checked else
               f"python benchmarks/truth/label_strategies_g.py run {number}")
        lines = []
        for text in block.splitlines():
            key = text.split(" = ", 1)[0]
            if key == "label":
                text = f'label = "{labels.get(outcome, "unsure")}"'
            elif key == "runtime":
                text = f'runtime = "{outcome}"'
            elif key == "confirm":
                text = f"confirm = {_quote(how)}"
            elif key == "evidence":
                text = f"evidence = {_quote(evidence[:700])}"
            lines.append(text)
        sites[number] = "\n".join(lines) + ("\n" if block.endswith("\n") else "")
    TRUTH.write_text("\n[[site]]\n".join([head, *sites]))


# Checks written for rows the confirmer still cannot decide (filled in as they are written); their verdict is the
# drawn line's, whatever file the failing frame is in.
ALONE: frozenset[int] = frozenset()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("numbers", nargs="*", type=int)
    r.add_argument("--timeout", type=float, default=30.0)
    r.add_argument("--wall", type=float, default=150.0)
    o = sub.add_parser("one")
    o.add_argument("number", type=int)
    o.add_argument("--timeout", type=float, default=30.0)
    a = sub.add_parser("apply")
    a.add_argument("runs", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "run":
        run(args.numbers, args.timeout, args.wall)
    elif args.command == "one":
        run_one(args.number, args.timeout)
    else:
        apply(args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
