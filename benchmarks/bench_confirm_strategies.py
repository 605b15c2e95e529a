"""Runtime verdicts for strategy findings: the confirmer run on a seeded sample of each strategy's findings.

    PYTHONPATH=. python benchmarks/bench_confirm_strategies.py --json OUT.jsonl --markdown OUT.md \
        [--tree diffusers --tree transformers] [--strategy all] [--sample 40] [--seed 21] [--timeout 20] \
        [--tests DIFFUSERS_CHECKOUT]

Each tree (the installed diffusers, transformers ``models/``) is linted once with ``--strategy all``; for each
strategy that has a runtime module of its own (accelerate-sequential, model-cpu-offload, fsdp2, zero3) the
findings that name it are sampled (``random.Random(seed).sample``, all of them when there are fewer than
``--sample``) and each is judged under that strategy alone, as ``offload-lint --confirm --strategy S`` does
(``strategies/findings.py:confirm_findings_by_strategy``, the other findings of each sampled method passed as
``context``: the command line judges a file's findings together). The sharding strategies run with one gloo rank
(``--world-size``, default 1: two ranks double the cost on a 2-core machine and decide the same access).

Runs happen in a worker process per (tree, strategy) that streams one JSON line per finding: a check that
crashes or hangs past the wall-clock backstop costs its own row (``not built``/``untriggered`` with the reason),
not the run. The table counts confirmed / refuted / untriggered / not built (``could not build``/``could not
import``: the class itself) per strategy and tree, and groups the reasons of the undecided rows.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import pickle
import random
import re
import selectors
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TREES = {"diffusers": ("diffusers", ""), "transformers": ("transformers", "models")}
STRATEGIES = ("accelerate-sequential", "model-cpu-offload", "fsdp2", "zero3")
DISTRIBUTED = {"fsdp2", "zero3"}
BATCH = 6  # distributed checks per process group (one spawn each)
STARTUP_SECONDS = 900.0  # wall-clock allowance of a process group's start-up (see worker)
TESTS_VARIABLE = "BENCH_CONFIRM_TESTS"  # --tests, handed to the workers

# Undecided rows by cause, first match wins (the evidence of one strategy's verdict, its "S: verdict: " cut).
REASONS: tuple[tuple[str, str], ...] = (
    ("not built", r"could not build|could not import|no class/module to build"),
    ("pipeline code not run under this strategy", r"pipeline code: the confirmer runs callers"),
    ("no inputs the plain model accepts", r"fails without offloading too"),
    ("the model's own warm-up forward fails under the strategy", r"model's own forward fails under"),
    ("fails with the model onloaded too", r"fails with the model onloaded too"),
    ("an error the strategy is not known to raise", r"not an error this strategy's hooks are known to raise"),
    ("returns an offloaded/sharded tensor to its caller", r"to its caller"),
    ("the call stopped before the finding's line", r"the call stopped at .* without an access"),
    ("line not reached", r"line not reached|was not reached"),
    ("timed out", r"timed out|per-target limit|batch deadline|wall-clock"),
    ("could not apply the strategy", r"could not apply"),
    ("the worker died", r"worker (died|killed)"),
    ("no method to call", r"no method to call"),
    ("library missing", r"needs \w+ \(not importable"),
)


def reason_of(verdict: str, evidence: str) -> str:
    if verdict in ("confirmed", "refuted"):
        return verdict
    for name, pattern in REASONS:
        if re.search(pattern, evidence):
            return name
    return "other: " + evidence[:80]


def status_of(verdict: str, evidence: str) -> str:
    """confirmed / refuted / untriggered / not built."""
    if verdict in ("confirmed", "refuted"):
        return verdict
    return "not built" if reason_of(verdict, evidence) == "not built" else "untriggered"


# ---------------------------------------------------------------- lint and sample


def tree_root(tree: str) -> Path:
    import importlib

    package, sub = TREES[tree]
    base = Path(importlib.import_module(package).__file__).parent
    return base / sub if sub else base


def lint_tree(tree: str) -> list:
    from offload_lint.config import Settings
    from offload_lint.engine import Options, lint
    from offload_lint.strategies import parse_strategies

    settings = Settings()
    settings.levels = parse_strategies("all")
    return list(lint(Options(paths=[str(tree_root(tree))], settings=settings, jobs=1)).findings)


def from_json(path: str) -> list:
    """Findings from ``offload-lint TREE --strategy all --output-format json`` (the same lint, run apart)."""
    from offload_lint.finding import Finding, RelatedLocation
    from offload_lint.strategies import BY_NAME

    with open(path, encoding="utf-8") as handle:
        rows = json.load(handle)
    # Related locations matter at run time: a template's finding is judged at its generated copy's line.
    return [Finding(row["path"], row["line"], row["column"], row["end_line"], row["end_column"], row["code"],
                    row["name"], row["message"], row.get("class"), row.get("method"),
                    tuple(BY_NAME[name].key for name in row.get("strategies", [])), row.get("attribute"),
                    row.get("module"),
                    related=tuple(RelatedLocation(place["path"], place["line"], place["column"], place["note"])
                                  for place in row.get("related_locations", ()))) for row in rows]


def sample_of(findings: list, strategy: str, size: int, seed: int) -> list[int]:
    """Indices of the sampled findings that name ``strategy`` (in the order of the lint's findings)."""
    from offload_lint.finding import strategy_names

    named = [i for i, f in enumerate(findings) if strategy in strategy_names(f.levels)]
    if len(named) <= size:
        return named
    return sorted(random.Random(f"{seed}:{strategy}").sample(named, size))


# ---------------------------------------------------------------- worker


def worker(pickled: str, strategy: str, indices: list[int], timeout: float, world_size: int) -> None:
    import dataclasses

    from offload_lint.confirm.config import ConfirmConfig
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy
    from offload_lint.confirm.strategies.spec import StrategyOptions

    from offload_lint.confirm.strategies import distributed

    # Spawned ranks import torch and the checked library before their first check: 90 s (the default allowance)
    # on an idle machine, several minutes at a load of 20 on 2 cores, where every check of a batch ran out of it.
    distributed.STARTUP_SECONDS = max(distributed.STARTUP_SECONDS, STARTUP_SECONDS)
    with open(pickled, "rb") as handle:
        findings = pickle.load(handle)
    config = dataclasses.replace(ConfirmConfig(), timeout=timeout, tests=os.environ.get(TESTS_VARIABLE) or None)
    options = StrategyOptions(world_size=world_size)
    size = BATCH if strategy in DISTRIBUTED else 1
    for start in range(0, len(indices), size):
        chunk = indices[start:start + size]
        started = time.perf_counter()
        # As the command line judges every finding of a file together, the other findings of each sampled method
        # come along as context (what each line names), not judged.
        methods = {(findings[i].path, findings[i].class_name, findings[i].method) for i in chunk}
        context = [f for index, f in enumerate(findings)
                   if index not in chunk and (f.path, f.class_name, f.method) in methods]
        try:
            pairs = confirm_findings_by_strategy([findings[i] for i in chunk], strategy, config=config,
                                                 options=options, context=context)
            verdicts = [(v.verdict, v.evidence) for _, v in pairs]
        except Exception as error:  # one crash must not end the sample
            verdicts = [("untriggered", f"runner error: {type(error).__name__}: {error}")] * len(chunk)
        seconds = round((time.perf_counter() - started) / len(chunk), 1)
        for index, (verdict, evidence) in zip(chunk, verdicts):
            prefix = f"{strategy}: {verdict}: "
            evidence = evidence[len(prefix):] if evidence.startswith(prefix) else evidence
            print(json.dumps({"index": index, "verdict": verdict, "evidence": evidence, "seconds": seconds}),
                  flush=True)


def cpu_seconds(pid: int) -> float:
    """CPU time of a process and its children so far (Linux ``/proc``; 0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def run_worker(pickled: str, strategy: str, indices: list[int], timeout: float, world_size: int,
               progress=None) -> dict[int, dict]:
    """Rows by index; a worker that dies or spends past the backstop without a verdict costs the rows in flight,
    then resumes. The backstop counts the worker's CPU time, not the wall clock: on a machine shared with other
    jobs (load 20 on 2 cores) a wall-clock backstop stopped checks that had used a few CPU seconds."""
    size = BATCH if strategy in DISTRIBUTED else 1
    # Spawned ranks spend their CPU time in processes this one does not wait for: their batch gets a wall-clock
    # backstop of their own (distributed.py's deadline) and this one only stops a worker that hangs for an hour.
    backstop = (10 * timeout + 60) * size
    rows: dict[int, dict] = {}
    pending = list(indices)
    while pending:
        command = [sys.executable, __file__, "--worker", pickled, strategy, ",".join(map(str, pending)),
                   str(timeout), str(world_size)]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        selector = selectors.DefaultSelector()
        selector.register(process.stdout, selectors.EVENT_READ)
        reason = None
        spent, waited = cpu_seconds(process.pid), 0.0
        while True:
            if not selector.select(timeout=5):
                waited += 5
                used = cpu_seconds(process.pid) - spent
                if used > backstop or waited > 3600:
                    process.kill()
                    reason = (f"the benchmark's worker killed after {used:.0f} CPU s ({waited:.0f} s of wall-clock "
                              "time) without a verdict")
                    break
                continue
            line = process.stdout.readline()
            if line and progress:
                progress.write(line)
                progress.flush()
            if not line:
                process.wait()
                reason = f"the benchmark's worker died (exit status {process.returncode})"
                break
            row = json.loads(line)
            rows[row["index"]] = row
            pending.remove(row["index"])
            spent, waited = cpu_seconds(process.pid), 0.0
            if not pending:
                break
        process.wait()
        if pending and reason:
            for index in pending[:size]:
                rows[index] = {"index": index, "verdict": "untriggered", "evidence": reason, "seconds": waited}
            pending = pending[size:]
    return rows


# ---------------------------------------------------------------- table


def rows_again(files: list[str], pattern: str, tree: str, strategy: str) -> list[int]:
    """The finding indices of earlier rows of one tree and strategy, in their order, once each."""
    wanted = re.compile(pattern)
    indices: list[int] = []
    for name in files:
        for line in open(name, encoding="utf-8"):
            if not line.strip():
                continue
            row = json.loads(line)
            text = " ".join((row["verdict"], row["reason"], row["evidence"], f"{row['class']}.{row['method']}"))
            if row["tree"] == tree and row["strategy"] == strategy and wanted.search(text) \
                    and row["index"] not in indices:
                indices.append(row["index"])
    return indices


def table(rows: list[dict]) -> str:
    lines = ["| strategy | tree | findings (sampled) | confirmed | refuted | untriggered | not built | decided |",
             "|---|---|---|---|---|---|---|---|"]
    for strategy in STRATEGIES:
        for tree in TREES:
            mine = [r for r in rows if r["strategy"] == strategy and r["tree"] == tree]
            if not mine:
                continue
            counts = collections.Counter(r["status"] for r in mine)
            decided = counts["confirmed"] + counts["refuted"]
            lines.append(f"| {strategy} | {tree} | {mine[0]['population']} ({len(mine)}) | {counts['confirmed']} | "
                         f"{counts['refuted']} | {counts['untriggered']} | {counts['not built']} | "
                         f"{decided}/{len(mine)} ({100 * decided / len(mine):.0f} %) |")
    lines += ["", "Undecided rows by cause (both trees):", "",
              "| strategy | cause | rows | e.g. |", "|---|---|---|---|"]
    for strategy in STRATEGIES:
        mine = [r for r in rows if r["strategy"] == strategy and r["status"] not in ("confirmed", "refuted")]
        by_reason = collections.Counter(r["reason"] for r in mine)
        for reason, count in by_reason.most_common():
            example = next(r for r in mine if r["reason"] == reason)
            lines.append(f"| {strategy} | {reason} | {count} | {example['code']} "
                         f"{example['class']}.{example['method']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--worker":
        pickled, strategy, indices, timeout, world_size = argv[1:6]
        worker(pickled, strategy, [int(i) for i in indices.split(",")], float(timeout), int(world_size))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", choices=sorted(TREES))
    parser.add_argument("--strategy", default="all")
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--timeout", type=float, default=20.0, help="CPU seconds per check")
    parser.add_argument("--world-size", type=int, default=1)
    parser.add_argument("--tests", help="a diffusers checkout (or its tests/): pipelines its tests build are built from "
                                         "their dummies ([tool.offload-lint.confirm] tests)")
    parser.add_argument("--json", help="one JSON line per (tree, strategy, finding)")
    parser.add_argument("--markdown", help="the table")
    parser.add_argument("--findings-dir", help="keep each tree's lint here (pickled) and reuse it")
    parser.add_argument("--lint-json", action="append", default=[],
                        help="TREE=FILE: that tree's findings from `offload-lint TREE --strategy all --output-format "
                             "json --no-cache --exit-zero` instead of linting here")
    parser.add_argument("--only-methods", help="keep only findings in these methods (with --only-codes: either)")
    parser.add_argument("--table-from", nargs="+", help="tabulate these --json files (no run)")
    parser.add_argument("--only-codes", help="keep only these codes of the sample (a re-run of the rows one change "
                                             "can affect; the sample itself is drawn as without it)")
    parser.add_argument("--rows-from", nargs="+",
                        help="run the rows of these --json files again (the same lint JSON's indices), not a sample")
    parser.add_argument("--rows-matching", default="",
                        help="with --rows-from: only rows whose verdict, reason, evidence or Class.method has this regular expression")
    args = parser.parse_args(argv)
    if args.tests:
        os.environ[TESTS_VARIABLE] = os.path.abspath(args.tests)
    if args.table_from:
        rows = [json.loads(line) for name in args.table_from for line in open(name, encoding="utf-8") if line.strip()]
        print(table(rows))
        return 0
    strategies = STRATEGIES if args.strategy == "all" else tuple(args.strategy.split(","))
    work = Path(args.findings_dir or tempfile.mkdtemp(prefix="confirm-strategies-"))
    work.mkdir(parents=True, exist_ok=True)
    rows: list[dict] = []
    out = open(args.json, "w", encoding="utf-8") if args.json else None
    for tree in args.tree or list(TREES):
        work_tree = work / tree
        work_tree.mkdir(exist_ok=True)
        pickled = work_tree / "findings.pickle"
        lint_json = dict(spec.split("=", 1) for spec in args.lint_json)
        if tree in lint_json:
            findings = from_json(lint_json[tree])
            with open(pickled, "wb") as handle:
                pickle.dump(findings, handle)
        elif pickled.exists():
            with open(pickled, "rb") as handle:
                findings = pickle.load(handle)
        else:
            started = time.perf_counter()
            findings = lint_tree(tree)
            with open(pickled, "wb") as handle:
                pickle.dump(findings, handle)
            print(f"{tree}: {len(findings)} findings linted in {time.perf_counter() - started:.0f} s",
                  file=sys.stderr)
        root = tree_root(tree)
        for strategy in strategies:
            from offload_lint.finding import strategy_names

            population = sum(strategy in strategy_names(f.levels) for f in findings)
            indices = (rows_again(args.rows_from, args.rows_matching, tree, strategy) if args.rows_from
                       else sample_of(findings, strategy, args.sample, args.seed))
            if args.only_codes or args.only_methods:
                codes = set((args.only_codes or "").split(","))
                methods = set((args.only_methods or "").split(","))
                indices = [i for i in indices if findings[i].code in codes or findings[i].method in methods]
            started = time.perf_counter()
            with open(work_tree / "progress.jsonl", "a", encoding="utf-8") as progress:
                results = run_worker(str(pickled), strategy, indices, args.timeout, args.world_size, progress)
            print(f"{tree} {strategy}: {len(indices)} of {population} in {time.perf_counter() - started:.0f} s",
                  file=sys.stderr)
            for index in indices:
                finding, result = findings[index], results[index]
                row = {"tree": tree, "strategy": strategy, "population": population, "index": index,
                       "code": finding.code, "path": os.path.relpath(finding.path, root.parent),
                       "line": finding.line, "class": finding.class_name, "method": finding.method,
                       "attribute": finding.attribute, "verdict": result["verdict"],
                       "status": status_of(result["verdict"], result["evidence"]),
                       "reason": reason_of(result["verdict"], result["evidence"]),
                       "evidence": result["evidence"][:400], "seconds": result["seconds"]}
                rows.append(row)
                if out:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
    text = table(rows)
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
