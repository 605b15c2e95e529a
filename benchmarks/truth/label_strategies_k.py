"""Round k: a small fresh random re-measurement after the last linter change (docs/strategies-truth-k.md).

Round k repeats ONLY the random half of round j (``label_strategies_j.py``), smaller, on the linter at main's
``f20554c``: whole-tree findings (``offload-lint TREE --strategy all --no-cache --output-format json --exit-zero
--show-suppressed``) of the installed diffusers, transformers ``models/`` and ``generation/``, peft and timm; per
strategy the findings naming it, not suppressed, on a line NO earlier truth file holds (every
``strategies*.toml`` including ``strategies_j.toml``, and ``sites.toml``); sorted, shuffled with ``SEED_RANDOM``
(chosen here and committed before the draw), the first ``RANDOM_SIZE`` distinct lines.

Every row is labelled as round j labelled its random rows: the confirmer on the reported finding under the
strategy's real library on CPU; when it does not decide, round h's check of the drawn line alone in its own process
(``check``). confirmed -> positive, refuted -> negative, anything else -> unsure (not scored).

    PYTHONPATH=/tmp/mine/extra python benchmarks/truth/label_strategies_k.py random T1.json ... > benchmarks/truth/strategies_k_draw.json
    PYTHONPATH=benchmarks/truth/runs_j:/tmp/mine/extra python benchmarks/truth/label_strategies_k.py run [ROW ...] > runs.jsonl
    PYTHONPATH=benchmarks/truth/runs_j:/tmp/mine/extra python benchmarks/truth/label_strategies_k.py check ROW ... > checks.jsonl
    python benchmarks/truth/label_strategies_k.py toml runs.jsonl checks.jsonl > benchmarks/truth/strategies_k.toml

Rows are numbered in strategies_k_draw.json's order. Round j's module is imported and its globals pointed at round
k's files (no earlier round's file is edited).
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE))

import label_strategies_j as j  # noqa: E402

SEED_RANDOM = 20261281  # round k's random seed, chosen and committed before the draw
RANDOM_SIZE = 8
DRAW = HERE / "strategies_k_draw.json"
NOWHERE = HERE / "no-such-file-round-k"


def earlier() -> tuple[set[tuple[str, str, int]], set[tuple[str, str]]]:
    """Round j's ``earlier`` but with round j's own file included (round k's left out)."""
    lines, files = set(), set()
    for path in sorted(HERE.glob("strategies*.toml")) + [HERE / "sites.toml"]:
        if path.name.startswith("strategies_k") or not path.exists():
            continue
        for row in tomllib.loads(path.read_text()).get("site", []):
            for relative in (row["path"], f"models/{row['path']}"):
                lines.add((row["tree"], relative, int(row["line"])))
                files.add((row["tree"], relative))
    return lines, files


def all_rows() -> list[dict]:
    return json.loads(DRAW.read_text()) if DRAW.exists() else []


# Round j's machinery, pointed at round k's rows.
j.earlier = earlier
j.all_rows = all_rows
j.BLIND = j.BLIND_MORE = j.DRAW_MORE = NOWHERE
j.DRAW = DRAW
j.SEED_RANDOM = SEED_RANDOM
j.RANDOM_SIZE = RANDOM_SIZE
j.OVERRIDES = {}


def _method_hit(row: dict) -> dict | None:
    """An OFL113 row (a whole-parameter write in a method) as round i's blind ``whole-param-write`` hit, so round i's
    ``check_of`` (the method on the offloaded module with loaded-like weights, then the written weight as the next
    forward sees it, against the un-offloaded module) labels it. Added after the draw (rows 24-29 were left
    undecided by the confirmer: "a lost write shows only in a later forward's result")."""
    finding = row["finding"]
    if finding["code"] != "OFL113" or not finding.get("module") or not finding.get("class"):
        return None
    return {"pattern": "whole-param-write", "module": finding["module"], "cls": finding["class"],
            "method": finding.get("method") or "", "attribute": finding.get("attribute") or ""}


# Own checks for rows whose line-alone check found no Linear / Conv2d in the child (StopIteration), written after
# rows 11 and 17's checks ran, before these ran: the child called alone on the offloaded model with an input made
# for its first layer, on the execution device (round h's premise: the method called on the offloaded model).
def norm_alone(module, forward, device):  # type: ignore[no-untyped-def]
    """self.norm(x) alone (a LayerNorm: x shaped (1, 2, *normalized_shape)), x on the execution device."""
    import torch

    shape = tuple(module.norm.normalized_shape)
    return module.norm(torch.randn(1, 2, *shape, generator=torch.Generator().manual_seed(0)).to(device))


def mel_conditioner_alone(module, forward, device):  # type: ignore[no-untyped-def]
    """self.mel_conditioner(feature, index_value, embedding_offset) alone (an Embedding of composer tokens), its
    inputs on the execution device."""
    import torch

    width = module.mel_conditioner.embedding.embedding_dim
    feature = torch.randn(1, 2, width, generator=torch.Generator().manual_seed(0)).to(device)
    return module.mel_conditioner(feature, torch.tensor([1]).to(device), 0)


OWN = {("models/swin_transformer.py", 1143): norm_alone,
       ("models/pop2piano/modeling_pop2piano.py", 840): mel_conditioner_alone}


def check_one(number: int) -> None:
    """Round j's ``check-one``, except OFL113 rows, which get round i's method-then-weight check."""
    import os

    row = all_rows()[number]
    own = OWN.get((row["relative"], row["finding"]["line"]))
    if own is not None:
        import label_strategies_e as e
        import label_strategies_h as h
        from label_strategies_d import Check

        finding = row["finding"]
        result = e.judge_traced(Check(h._built(f"{finding['module']}:{finding['class']}"), own), row["strategy"])
        result["how"] = "a check of its own: " + " ".join((own.__doc__ or "").split())
        result["check"] = True
        print(json.dumps(result), flush=True)
        os._exit(0)
    hit = _method_hit(row)
    if hit is None:
        finding = row["finding"]
        if finding["code"] in ("OFL102", "OFL103") and "[i]" in (finding.get("attribute") or ""):
            # self.blocks[i](x) or self.point_embed[i].weight in a loop: round h's line-alone check on the first
            # element (self.blocks.0(x));
            # added after rows 10, 12, 18 (OFL102) and 3 (OFL103) failed on the "[i]" name
            rows = all_rows()
            rows[number] = dict(row, finding=dict(finding, attribute=finding["attribute"].replace("[i]", ".0")))
            j.all_rows = lambda: rows
        j.check_one(number)
        return
    import label_strategies_e as e
    import label_strategies_i as i

    try:
        check, why = i.check_of({"blind": hit})
    except Exception as error:
        check, why = None, f"{type(error).__name__}: {error}"
    result = e.judge_traced(check, row["strategy"]) if check is not None else \
        {"verdict": "untriggered", "evidence": f"no check: {why}"}
    result["how"] = f"a check of its own (round i's method-then-weight): {why}"
    result["check"] = True
    print(json.dumps(result), flush=True)
    os._exit(0)


def toml(runs: list[str]) -> str:
    # the OFL113 method checks run the whole method: a failure at another line of the file is "broke at another line"
    j.WHOLE_METHOD = frozenset({(row["relative"], row["finding"]["line"]) for row in all_rows() if _method_hit(row)})
    text = j.toml(runs)
    head, _, body = text.partition("\n[versions]")
    header = ["# Per-strategy truth set, part k (docs/strategies-truth-k.md): a small fresh random re-measurement",
              f"# after the last linter change (main f20554c). Whole-tree --strategy all findings drawn with seed {SEED_RANDOM},",
              f"# {RANDOM_SIZE} lines per strategy, shown (not suppressed), on lines no earlier truth file holds",
              "# (strategies_k_draw.json). Each row run under its strategy's real library on CPU",
              "# (benchmarks/truth/label_strategies_k.py, reusing label_strategies_j.py)."]
    body = body.replace('\nid = "j', '\nid = "k').replace("label_strategies_j.py run", "label_strategies_k.py run")
    return "\n".join(header) + "\n\n[versions]" + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("random")
    d.add_argument("files", nargs="+")
    d.add_argument("--size", type=int, default=RANDOM_SIZE)
    d.add_argument("--skip", type=int, default=0)
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
    if args.command == "random":
        print(json.dumps(j.draw_random(args.files, seed=SEED_RANDOM, size=args.size, skip=args.skip), indent=1))
    elif args.command == "run":
        j._spawn("one", args.numbers or list(range(len(all_rows()))), args.timeout, args.wall, __file__, all_rows())
    elif args.command == "check":
        j._spawn("check-one", args.numbers, args.timeout, args.wall, __file__, all_rows())
    elif args.command == "one":
        j.one(args.number, args.timeout)
    elif args.command == "check-one":
        check_one(args.number)
    elif args.command == "list":
        for number, row in enumerate(all_rows()):
            print(f"{number}\t{row['strategy']}\t{row['tree']}/{row['relative']}:{row['finding']['line']}\t"
                  f"random {row['finding']['code']}")
    else:
        sys.stdout.write(toml(args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
