"""Static readiness against runtime readiness, row by row, on the pipelines a diffusers checkout tests.

    python benchmarks/readiness_agreement.py --tests DIFFUSERS/tests/pipelines [--json rows.json] [--markdown out.md]

Runs ``offload-lint readiness <installed diffusers> --tests DIR --confirm --output-format json`` over every
pipeline the checkout's tests name (or reads ``--json`` from such a run), then compares each row with streams
off: the static side says ``fails`` (with or without a condition: the runtime check runs the condition's path
too) or ``passes``; the runtime side ran the test's own dummy pipeline with that one component group-offloaded
at that level (CPU, tracking backend) and says ``fails``, ``passes`` or ``unknown``. Prints the agreement on
rows decided both ways with a 95 % Wilson interval, the share decided at runtime, the wall time, and every
disagreement with its evidence, grouped by component class.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict

from bench_diffusers import default_tree


def wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    if total == 0:
        return 0.0, 0.0
    p = successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return centre - half, centre + half


def static_verdict(row: dict) -> str | None:
    """What the static row predicts for the run the runtime side made: a row failing only on a path the
    test's inputs avoid predicts ``fails`` when the runtime ran that path (it gives the call argument a
    value: ``clip_skip=1``), else ``passes`` (the runtime ran the test's inputs only)."""
    if row["verdict"] == "passes":
        return "passes"
    if row["verdict"] != "fails":
        return None  # opted-out, unknown
    if row["fails_under_test"]:
        return "fails"
    evidence = (row.get("runtime") or {}).get("evidence") or ""
    ran_the_condition = "(ran with " in evidence or re.search(r"\bwith \w+=[^;)]*: (passes|fails)", evidence)
    return "fails" if ran_the_condition else "passes"


def runtime_verdict(row: dict) -> str | None:
    runtime = row.get("runtime") or {}
    verdict = runtime.get("verdict")
    return verdict if verdict in ("fails", "passes") else None


def _key(row: dict) -> tuple:
    return row["pipeline"], row["component"], row["level"], row["streams"]


def tested_pipelines(tests: str) -> list[str]:
    from offload_lint.readiness.tests_config import read_tests

    return sorted({config.pipeline_class for config in read_tests(tests) if config.pipeline_class})


def run_readiness(tree: str, tests: str, pipelines: list[str]) -> tuple[list[dict], float]:
    command = [sys.executable, "-m", "offload_lint", "readiness", tree, "--tests", tests, "--confirm",
               "--output-format", "json", "--exit-zero"]
    for name in pipelines:
        command += ["--pipeline", name]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    return json.loads(done.stdout or "[]"), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tests", required=True, help="a diffusers checkout's tests/pipelines")
    parser.add_argument("--tree", default=None, help="the diffusers package (default: the installed one)")
    parser.add_argument("--json", help="rows from an earlier 'readiness --confirm --output-format json' run")
    parser.add_argument("--static", help="rows of a later static run ('readiness --tests DIR --output-format json'): "
                                         "their verdicts are compared with --json's runtime outcomes (the runtime "
                                         "does not change with the static side, and takes an hour to redo)")
    parser.add_argument("--markdown", help="write the disagreement table here")
    args = parser.parse_args()
    seconds = None
    if args.json:
        opener = gzip.open if args.json.endswith(".gz") else open
        with opener(args.json, "rt", encoding="utf-8") as handle:
            rows = json.load(handle)
    else:
        rows, seconds = run_readiness(args.tree or default_tree(), args.tests, tested_pipelines(args.tests))
    if args.static:
        with open(args.static, encoding="utf-8") as handle:
            static = {_key(r): r for r in json.load(handle)}
        rows = [{**static[_key(r)], "runtime": r.get("runtime")} for r in rows if _key(r) in static]
    plain = [r for r in rows if not r["streams"]]
    both = [(r, static_verdict(r), runtime_verdict(r)) for r in plain]
    decided = [(r, s, t) for r, s, t in both if s is not None and t is not None]
    agree = sum(1 for _, s, t in decided if s == t)
    low, high = wilson(agree, len(decided))
    pipelines = {r["pipeline"] for r in plain}
    print(f"{len(pipelines)} pipelines, {len(plain)} rows with streams off"
          + (f", {seconds:.0f} s wall on {os.cpu_count()} cores" if seconds else ""))
    print(f"decided at runtime: {sum(1 for _, _, t in both if t)} of {len(plain)} "
          f"({sum(1 for _, _, t in both if t) / max(len(plain), 1):.1%}); statically: "
          f"{sum(1 for _, s, _ in both if s)}")
    print(f"agreement on rows decided both ways: {agree}/{len(decided)} = {agree / max(len(decided), 1):.1%} "
          f"(95 % interval {low:.1%}-{high:.1%})")
    print("static x runtime:", dict(Counter((s, t) for _, s, t in decided)))
    unknown = Counter(((r.get("runtime") or {}).get("evidence") or "")[:90] for r, _, t in both if t is None)
    print("runtime unknown, most common reasons:")
    for reason, count in unknown.most_common(12):
        print(f"  {count:4}  {reason}")
    by_class: dict[str, list[tuple[dict, str, str]]] = defaultdict(list)
    for r, s, t in decided:
        if s != t:
            by_class[r["component_class"] or "?"].append((r, s, t))
    lines = ["| pipeline | component (class) | level | static | runtime | evidence |", "|---|---|---|---|---|---|"]
    for cls, items in sorted(by_class.items()):
        for r, s, t in items:
            evidence = ((r.get("runtime") or {}).get("evidence") or "").replace("|", "\\|")[:220]
            static = s + (f" when {r['condition']}" if r.get("condition") else "")
            lines.append(f"| {r['pipeline']} | `{r['component']}` ({cls.rsplit('.', 1)[-1]}) | {r['level']} | "
                         f"{static} | {t} | {evidence} |")
    print(f"\n{sum(len(v) for v in by_class.values())} disagreements:")
    print("\n".join(lines))
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
