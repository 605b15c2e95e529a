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
BLIND = HERE / "strategies_h_blind.jsonl"
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


def draw(files: list[str], seed: int, size: int) -> list[dict]:
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
            drawn.append({"strategy": strategy, "tree": tree, "relative": relative, "pool": len(pool),
                          "finding": finding})
            if len(lines) == size:
                break
    return drawn


def blind_rows() -> list[dict]:
    """The blind candidates, one row per strategy of the candidate's pattern (lines of earlier truth files left
    out: they are labelled already)."""
    seen, _ = earlier_rows()
    rows = []
    if not BLIND.exists():
        return rows
    for text in BLIND.read_text().splitlines():
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
    return drawn + blind_rows()


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
        if outcome == "confirmed" and stack and row["relative"] in stack and site not in stack \
                and number not in ALONE:
            outcome, evidence = "untriggered", f"broke at another line than the site's: {evidence}"
        if stack:
            evidence += f" [stack: {stack}]"
        how = f"python benchmarks/truth/label_strategies_h.py {'check' if number in checked else 'run'} {number}"
        name = Path(row["relative"]).stem
        out += ["", "[[site]]", f'id = "h{number}-{name}-{line}-{row["strategy"]}"', f'tree = "{row["tree"]}"',
                f'path = "{row["relative"]}"', f"line = {line}", f'class = "{cls}"', f'method = "{method}"',
                f'attribute = "{attribute}"', f'strategy = "{row["strategy"]}"',
                f'label = "{labels.get(outcome, "unsure")}"', f'runtime = "{outcome}"', f"source = {_quote(source)}",
                f"confirm = {_quote(how)}",
                f"evidence = {_quote(('check: ' if number in checked else 'confirmer: ') + evidence[:700])}"]
    return "\n".join(out) + "\n"


# Checks whose verdict is the line's alone (the drawn line's operation run by itself), by row number.
ALONE: frozenset[int] = frozenset()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw")
    d.add_argument("files", nargs="+")
    d.add_argument("--seed", type=int, default=SEED_RANDOM)
    d.add_argument("--size", type=int, default=14)
    r = sub.add_parser("run")
    r.add_argument("numbers", nargs="*", type=int)
    r.add_argument("--timeout", type=float, default=30.0)
    r.add_argument("--wall", type=float, default=120.0)
    o = sub.add_parser("one")
    o.add_argument("number", type=int)
    o.add_argument("--timeout", type=float, default=30.0)
    sub.add_parser("list")
    t = sub.add_parser("toml")
    t.add_argument("runs", nargs="*")
    args = parser.parse_args(argv)
    if args.command == "draw":
        print(json.dumps(draw(args.files, args.seed, args.size), indent=1))
    elif args.command == "run":
        run(args.numbers, args.timeout, args.wall)
    elif args.command == "one":
        run_one(args.number, args.timeout)
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
