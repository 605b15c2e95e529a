"""Round o: a fresh per-strategy truth round with a new blind scan (docs/strategies-truth-o.md).

Round o repeats round n (``label_strategies_n.py``) with its own seeds, written here and committed before either
draw, except for the blind half's scan: round h's patterns are nearly used up on the files no earlier truth file
names (round n: whole-param-write, component-device and get-encoder-call had no hit left), so the blind half is drawn
from ``blind_scan_o.py`` (committed before this script and before any linter output of this round was made):

1. **Blind half** (``SEED_BLIND``): ``blind_scan_o.py``'s patterns, ``PER_PATTERN`` candidates per pattern, on files
   no row of any earlier truth file names (``EARLIER_FILES``: round n's list plus ``strategies_n.toml``) and lines no
   earlier truth file holds; diffusers' examples (``/tmp/corp/examples``) scanned. A line that is a hit of several
   patterns belongs to the first of them in ``blind_scan_o.PATTERN_STRATEGIES``' order only. Per pattern the hits
   sorted, shuffled with the seed (every pattern's shuffle made), the first ``PER_PATTERN``. Each candidate gives one
   row per strategy its pattern names. Drawn first (it does not depend on the linter).
2. **Random half** (``SEED_RANDOM``): whole-tree findings (``offload-lint TREE --strategy all --no-cache
   --output-format json --exit-zero --show-suppressed``) of the installed diffusers, transformers ``models/`` and
   ``generation/``, peft and timm (``/tmp/mine/extra`` on ``PYTHONPATH``) at this branch's head; per strategy the
   findings naming it, not suppressed, on a line no earlier truth file holds; sorted, shuffled with the seed, the
   first ``RANDOM_SIZE`` distinct lines (round j's ``draw_random``).

Labels, all checks written here before the blind draw (confirmed -> positive, refuted -> negative, anything else ->
unsure; a confirmation failing in the row's file at another line is "broke at another line", unsure):

* ``run`` (round j's ``one``): the confirmer on a finding made by hand at the candidate's line (round h's
  ``blind_finding``) for every blind pattern but ``inplace-param-write``; for ``inplace-param-write`` round i's
  method-then-weight check (the method called on the offloaded module built small with loaded-like weights, then the
  written parameter as the next forward sees it, against the un-offloaded module), and where the written tensor is
  a loop variable over ``parameters()`` (no self chain names it) the same with every parameter of the module read
  after the method (``method_then_parameters``, new here); a method that needs arguments is left unsure. Random
  rows: the confirmer on the finding the whole-tree run reported.
* ``check`` (for rows ``run`` left undecided): random rows round k's ``check_one`` (as rounds l-n); blind
  ``child-call-outside-forward`` rows round h's line-alone check (as round l's ``check_one``); blind
  ``child-weight-value-outside-forward`` and ``root-param-read-public`` rows the line alone as ``x + self.<attr>``
  with x on the execution device (round e's ``param_alone``, extended to buffers: ``tensor_alone``, new here);
  blind ``child-shape-before-call`` rows ``self.<attr>.shape`` read alone on the offloaded module before any forward
  (``shape_alone``, new here). The checks carry the sets' premise: the method (or line) run on the offloaded module.

    PYTHONPATH=/tmp/mine/extra python benchmarks/truth/label_strategies_o.py blind > benchmarks/truth/strategies_o_blind.jsonl
    PYTHONPATH=/tmp/mine/extra python benchmarks/truth/label_strategies_o.py random T1.json ... > benchmarks/truth/strategies_o_draw.json
    PYTHONPATH=benchmarks/truth/runs_j:/tmp/mine/extra python benchmarks/truth/label_strategies_o.py run [ROW ...] > runs.jsonl
    PYTHONPATH=benchmarks/truth/runs_j:/tmp/mine/extra python benchmarks/truth/label_strategies_o.py check ROW ... > checks.jsonl
    python benchmarks/truth/label_strategies_o.py toml runs.jsonl ... > benchmarks/truth/strategies_o.toml

Rows are numbered: the blind rows first (strategies_o_blind.jsonl, then strategies_o_blind_more.jsonl, the
line-excluded extension ``blind-lines`` below), then the random rows (strategies_o_draw.json's order, then
strategies_o_draw_more.json if an extension makes one). Round n's module is imported (it points rounds j's to m's
globals at round n) and every round's globals are then pointed at round o's files (no earlier round's file is
edited); round n's vits override is not carried over.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE))

import label_strategies_n as n  # noqa: E402  (imported first: it points rounds j's to m's globals at round n)
import label_strategies_m as m  # noqa: E402
import label_strategies_l as l  # noqa: E402,E741
import label_strategies_k as k  # noqa: E402
import label_strategies_j as j  # noqa: E402

SEED_BLIND = 20261500  # round o's blind seed, chosen and committed before the blind draw
SEED_RANDOM = 20261501  # round o's random seed, chosen and committed before the random draw
PER_PATTERN = 12
RANDOM_SIZE = 10
BLIND = HERE / "strategies_o_blind.jsonl"
# The blind extension (``blind-lines``), decided after BLIND was drawn and committed and before any row ran or any
# linter output of this round was read: BLIND's exclusion of every file an earlier truth file names left 3
# ``inplace-param-write`` candidates and no ``child-shape-before-call`` one (and 13 ``child-weight-value-outside-forward``
# ones), the two patterns written for accelerate-sequential and ZeRO-3. The extension draws those three patterns
# again, excluding only the *lines* an earlier truth file holds (and BLIND's lines), with the same seed and the same
# first-pattern rule, ``LINES_PER_PATTERN`` per pattern; numbered after BLIND's rows. Those files were in earlier sets
# (the code the rules were read from may be near), which the doc says.
BLIND_MORE = HERE / "strategies_o_blind_more.jsonl"
LINES_PATTERNS = ("inplace-param-write", "child-shape-before-call", "child-weight-value-outside-forward")
LINES_PER_PATTERN = 12
DRAW = HERE / "strategies_o_draw.json"
# Left for an extension of the same random shuffles (``random ... --size 2N --skip N``), the same way.
DRAW_MORE = HERE / "strategies_o_draw_more.json"
NOWHERE = HERE / "no-such-file-round-o"
CHECKED_PATTERNS = ("whole-param-write", "component-device", "inplace-param-write")

# The truth files that exist at round o's draws (round n's included), named so that a later round's file does not
# change round o's draws when they are re-made.
EARLIER_FILES = n.EARLIER_FILES + ("strategies_n.toml",)


def earlier() -> tuple[set[tuple[str, str, int]], set[tuple[str, str]]]:
    """(tree, path, line) and (tree, path) of every row of every earlier truth file (rounds j to n included);
    transformers paths in both spellings."""
    lines, files = set(), set()
    for path in [HERE / name for name in EARLIER_FILES]:
        if not path.exists():
            continue
        for row in tomllib.loads(path.read_text()).get("site", []):
            for relative in (row["path"], f"models/{row['path']}"):
                lines.add((row["tree"], relative, int(row["line"])))
                files.add((row["tree"], relative))
    return lines, files


def draw_blind(seed: int = SEED_BLIND, per_pattern: int = PER_PATTERN, skip: int = 0) -> list[dict]:
    """Round j's ``draw_blind`` on ``blind_scan_o.py``: a line that several patterns hit belongs to the first of them
    only (so a pattern's shuffle does not depend on how many candidates the others take)."""
    import blind_scan_o as scan

    seen, named = earlier()
    hits = [hit for hit in scan.scan() if (hit.tree, hit.path) not in named and (hit.tree, hit.path, hit.line) not in seen]
    owner: dict[tuple[str, str, int], str] = {}
    for pattern in scan.PATTERN_STRATEGIES:
        for hit in hits:
            if hit.pattern == pattern:
                owner.setdefault((hit.tree, hit.path, hit.line), pattern)
    rng = random.Random(seed)
    drawn: list[dict] = []
    for pattern in scan.PATTERN_STRATEGIES:
        mine = sorted({(hit.tree, hit.path, hit.line): hit for hit in hits
                       if hit.pattern == pattern and owner[(hit.tree, hit.path, hit.line)] == pattern}.values(),
                      key=lambda h: (h.tree, h.path, h.line))
        rng.shuffle(mine)
        drawn += [scan.asdict(hit) for hit in mine[skip:per_pattern]]
    return drawn


def draw_blind_lines(seed: int = SEED_BLIND, per_pattern: int = LINES_PER_PATTERN, skip: int = 0) -> list[dict]:
    """The extension: ``LINES_PATTERNS`` drawn as ``draw_blind`` draws, excluding lines only (an earlier truth file's
    and BLIND's), not whole files."""
    import blind_scan_o as scan

    seen, _ = earlier()
    for text in BLIND.read_text().splitlines():
        if text.strip():
            hit = json.loads(text)
            seen.add((hit["tree"], hit["path"], hit["line"]))
    hits = [hit for hit in scan.scan() if (hit.tree, hit.path, hit.line) not in seen]
    owner: dict[tuple[str, str, int], str] = {}
    for pattern in scan.PATTERN_STRATEGIES:
        for hit in hits:
            if hit.pattern == pattern:
                owner.setdefault((hit.tree, hit.path, hit.line), pattern)
    rng = random.Random(seed)
    drawn: list[dict] = []
    for pattern in LINES_PATTERNS:
        mine = sorted({(hit.tree, hit.path, hit.line): hit for hit in hits
                       if hit.pattern == pattern and owner[(hit.tree, hit.path, hit.line)] == pattern}.values(),
                      key=lambda h: (h.tree, h.path, h.line))
        rng.shuffle(mine)
        drawn += [scan.asdict(hit) for hit in mine[skip:per_pattern]]
    return drawn


def pools() -> dict[str, int]:
    """Per pattern: the scan's hits, and those left after the exclusion and the first-pattern rule."""
    import blind_scan_o as scan

    seen, named = earlier()
    every = scan.scan()
    left = draw_blind(per_pattern=10 ** 6)
    return {pattern: (sum(h.pattern == pattern for h in every), sum(h["pattern"] == pattern for h in left))
            for pattern in scan.PATTERN_STRATEGIES}


def all_rows() -> list[dict]:
    rows = []
    for path in (BLIND, BLIND_MORE):
        for text in path.read_text().splitlines() if path.exists() else []:
            if text.strip():
                hit = json.loads(text)
                rows += [{"strategy": s, "tree": hit["tree"], "relative": hit["path"], "blind": hit}
                         for s in hit["strategies"]]
    for path in (DRAW, DRAW_MORE):
        rows += json.loads(path.read_text()) if path.exists() else []
    return rows


# ------------------------------------------------------------------------------------------------ checks
def method_then_parameters(method: str):  # type: ignore[no-untyped-def]
    """``module.<method>()`` on the offloaded module, then every parameter of the module as the next forward would
    see it (round i's ``_served``: accelerate onloaded by the owner's hook, ZeRO-3 gathered, FSDP2 the full tensor),
    for writes through a loop variable over ``parameters()``."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        import torch

        import label_strategies_i as i

        torch.manual_seed(1)
        getattr(module, method)()
        return [i._served(module, name.split(".")) for name, _ in module.named_parameters()]
    return run


def _tensor(module, attr: str):  # type: ignore[no-untyped-def]
    try:
        return module.get_parameter(attr)
    except AttributeError:
        return module.get_buffer(attr)


def tensor_alone(attr: str):  # type: ignore[no-untyped-def]
    """The line alone: ``x + self.<attr>`` (a parameter or a buffer) with x on the execution device."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        import torch

        tensor = _tensor(module, attr)
        return torch.ones(*tensor.shape).to(device) + tensor
    return run


def shape_alone(attr: str):  # type: ignore[no-untyped-def]
    """The line alone: ``self.<attr>.shape`` read on the offloaded module before any forward, as a tensor."""
    def run(module, forward, device):  # type: ignore[no-untyped-def]
        import torch

        return torch.tensor([float(size) for size in _tensor(module, attr).shape] or [-1.0])
    return run


def _names_self(hit: dict) -> bool:
    """The written tensor is a self chain (not a loop variable over parameters())."""
    return f"self.{hit['attribute'].split('.')[0]}" in hit["text"]


def check_of(row: dict):  # type: ignore[no-untyped-def]
    """Round i's ``check_of``; for ``inplace-param-write`` rows whose written tensor no self chain names, the method
    then every parameter."""
    import inspect

    import label_strategies_h as h
    import label_strategies_i as i
    from label_strategies_d import Check
    from offload_lint.confirm.build import resolve

    hit = row["blind"]
    if hit["pattern"] != "inplace-param-write" or _names_self(hit):
        return _CHECK_OF(row)
    cls = resolve(f"{hit['module']}:{hit['cls']}")
    parameters = list(inspect.signature(getattr(cls, hit["method"])).parameters.values())[1:]
    if any(p.default is inspect.Parameter.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
           for p in parameters):
        return None, f"{hit['method']}() needs arguments"
    return Check(i._loaded(h._built(f"{hit['module']}:{hit['cls']}")), method_then_parameters(hit["method"])), \
        f"{hit['cls']}.{hit['method']}() on the offloaded module (its weights set to loaded-like values first), then " \
        f"every parameter as the next forward sees it (the write is through {hit['attribute']!r})"


def check_one(number: int) -> None:
    """For a row ``run`` left undecided: random rows and blind ``child-call-outside-forward`` rows as round n
    (``label_strategies_l.check_one``); blind ``child-weight-value-outside-forward`` / ``root-param-read-public``
    rows ``x + self.<attr>`` alone, ``child-shape-before-call`` rows ``self.<attr>.shape`` alone, on the offloaded
    module."""
    import os

    row = all_rows()[number]
    if "blind" not in row or row["blind"]["pattern"] == "child-call-outside-forward":
        l.check_one(number)
        return
    import label_strategies_e as e
    import label_strategies_h as h
    from label_strategies_d import Check

    hit = row["blind"]
    check, why = None, "no line-alone check applies"
    try:
        target = f"{hit['module']}:{hit['cls']}"
        if hit["pattern"] in ("child-weight-value-outside-forward", "root-param-read-public"):
            check, why = Check(h.BUILDERS.get(target) or h._built(target), tensor_alone(hit["attribute"])), \
                f"x + self.{hit['attribute']} alone"
        elif hit["pattern"] == "child-shape-before-call":
            check, why = Check(h.BUILDERS.get(target) or h._built(target), shape_alone(hit["attribute"])), \
                f"self.{hit['attribute']}.shape alone"
    except Exception as error:
        check, why = None, f"{type(error).__name__}: {error}"
    result = e.judge_traced(check, row["strategy"]) if check is not None else \
        {"verdict": "untriggered", "evidence": f"no check: {why}"}
    result["how"] = f"the candidate's line alone: {why}"
    result["check"] = True
    print(json.dumps(result), flush=True)
    os._exit(0)


# Rounds j's to n's machinery, pointed at round o's rows.
import label_strategies_i as _i  # noqa: E402

_CHECK_OF = _i.check_of
_i.check_of = check_of
j.CHECKED_PATTERNS = CHECKED_PATTERNS
j.earlier = l.earlier = m.earlier = n.earlier = earlier
j.all_rows = k.all_rows = l.all_rows = m.all_rows = n.all_rows = all_rows
j.BLIND, j.BLIND_MORE, j.DRAW_MORE = BLIND, BLIND_MORE, NOWHERE
l.BLIND, l.BLIND_MORE = BLIND, BLIND_MORE
m.BLIND, m.BLIND_MORE = BLIND, BLIND_MORE
n.BLIND, n.BLIND_MORE = BLIND, BLIND_MORE
j.DRAW = k.DRAW = l.DRAW = m.DRAW = n.DRAW = DRAW
j.SEED_BLIND = l.SEED_BLIND = m.SEED_BLIND = n.SEED_BLIND = SEED_BLIND
j.SEED_RANDOM = k.SEED_RANDOM = l.SEED_RANDOM = m.SEED_RANDOM = n.SEED_RANDOM = SEED_RANDOM
j.PER_PATTERN = l.PER_PATTERN = m.PER_PATTERN = n.PER_PATTERN = PER_PATTERN
j.RANDOM_SIZE = k.RANDOM_SIZE = l.RANDOM_SIZE = m.RANDOM_SIZE = n.RANDOM_SIZE = RANDOM_SIZE
# Rows whose verdict is not applied as a label, with why (the verdict is kept in the evidence).
j.OVERRIDES = {}


def toml(runs: list[str]) -> str:
    # round k's OFL113 method checks run the whole method: a failure at another line of the file is "broke at
    # another line"
    j.WHOLE_METHOD = frozenset({(row["relative"], row["finding"]["line"]) for row in all_rows()
                                if "finding" in row and k._method_hit(row)})
    text = j.toml(runs)
    head, _, body = text.partition("\n[versions]")
    more = (", then an extension of 3 patterns excluding earlier lines only (strategies_o_blind_more.jsonl)"
            if BLIND_MORE.exists() else "")
    header = ["# Per-strategy truth set, part o (docs/strategies-truth-o.md): a fresh re-measurement, blind and random",
              f"# halves. Blind half: blind_scan_o.py (new patterns; diffusers' examples included) drawn with seed {SEED_BLIND},",
              f"# {PER_PATTERN} candidates per pattern (strategies_o_blind.jsonl){more}, on files no earlier truth file names.",
              f"# Random half: whole-tree --strategy all findings drawn with seed {SEED_RANDOM}, {RANDOM_SIZE} lines per",
              "# strategy, shown (not suppressed), on lines no earlier truth file holds (strategies_o_draw.json).",
              "# Each row run under its strategy's real library on CPU (benchmarks/truth/label_strategies_o.py,",
              "# reusing label_strategies_j.py to label_strategies_n.py)."]
    body = body.replace('\nid = "j', '\nid = "o').replace("label_strategies_j.py run", "label_strategies_o.py run")
    body = body.replace("blind scan (seed", "blind scan o (seed")
    return "\n".join(header) + "\n\n[versions]" + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("blind")
    b.add_argument("--per-pattern", type=int, default=PER_PATTERN)
    b.add_argument("--skip", type=int, default=0)
    bl = sub.add_parser("blind-lines")
    bl.add_argument("--per-pattern", type=int, default=LINES_PER_PATTERN)
    bl.add_argument("--skip", type=int, default=0)
    sub.add_parser("pools")
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
    if args.command == "blind":
        for hit in draw_blind(per_pattern=args.per_pattern, skip=args.skip):
            print(json.dumps(hit))
    elif args.command == "blind-lines":
        for hit in draw_blind_lines(per_pattern=args.per_pattern, skip=args.skip):
            print(json.dumps(hit))
    elif args.command == "pools":
        for pattern, (hits, left) in pools().items():
            print(f"{pattern}\t{hits} hits\t{left} left")
    elif args.command == "random":
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
            kind = row["blind"]["pattern"] if "blind" in row else "random " + row["finding"]["code"]
            print(f"{number}\t{row['strategy']}\t{row['tree']}/{row['relative']}:{j._line(row)}\t{kind}")
    else:
        sys.stdout.write(toml(args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
