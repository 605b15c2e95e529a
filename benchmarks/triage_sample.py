"""Draw a reproducible, stratified sample of offload-lint findings for a hand triage.

Usage:
    offload-lint TREE --show-suppressed --output-format json --no-cache > findings.json
    python benchmarks/triage_sample.py findings.json [more.json ...] --seed 20261201 [--size 50]
        [--per-family 3] [--exclude-doc docs/triage-transformers.md] [--strategy fsdp2]

How the sample is drawn:
- With `--strategy`, only findings whose JSON `strategies` field names it are drawn from (a run
  with `--strategy all` gives them all); several findings files (one per tree) are drawn from as one.
- A model family is the directory under `models/` (transformers' layout); where the file's name
  does not carry that directory's name (diffusers' `models/transformers/transformer_wan.py`) it is
  the file's name without its first word (`wan`), and under `pipelines/` the pipeline's directory.
- A finding in a generated-from `modular_*.py` file is dropped when the `modeling_*.py` file of
  the same model family holds a finding with the same rule, class, method and attribute: the
  modular file is the source the modeling file is generated from, so both are one finding.
- Every rule with findings gets a floor of min(count, fair share), the fair share being
  size // number of rules (or `--floor N`: a sample that follows the rules' sizes with every
  rule still in it); the rest of the sample is split among the rules in proportion to the
  findings left above their floor (largest remainder).
- With `--exclude-doc`, findings already triaged in that document's verdict tables are dropped
  first: same model family, class, method and attribute as a row (any rule), or the same
  file:line as a row (any rule, any attribute), so a later round draws a sample disjoint from
  the earlier ones.
- Findings are shuffled once with the seed; each rule, smallest first, takes findings in that
  order, skipping one whose model family already holds `--per-family` findings of the sample;
  slots left empty that way go to the rule sampled least relative to its size.
- With `--top-up CODE=N`, N more findings of that rule are then taken in the same order under the
  same cap (the first `--size` rows are unchanged by it), to oversample a rule whose share is small.

Prints the whole-tree counts, the allocation and one line per sampled finding (tab-separated,
path relative to the `models/` directory); `--json` prints the sample as JSON instead.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import PurePath


@dataclass(frozen=True)
class Finding:
    code: str
    path: str
    line: int
    column: int
    family: str
    file_name: str
    class_name: str
    method: str
    attribute: str
    levels: tuple[str, ...]
    message: str
    strategies: tuple[str, ...] = ()
    tree: str = ""  # the package the file belongs to (diffusers, transformers), when the path says
    module: str = ""

    @property
    def is_modular(self) -> bool:
        return self.file_name.startswith("modular_")

    def identity(self) -> tuple[str, str, str, str, str]:
        return (self.code, self.family, self.class_name, self.method, self.attribute)


KNOWN_TREES = ("diffusers", "transformers")


def relative_to_models(path: str) -> str:
    parts = PurePath(path).parts
    for anchor in ("models", "pipelines"):
        if anchor in parts:
            index = len(parts) - 1 - parts[::-1].index(anchor)
            return "/".join(parts[index + (anchor == "models") :])
    return path


def family_of(relative: str) -> str:
    """``llama/modeling_llama.py`` -> llama; ``transformers/transformer_wan.py`` -> wan;
    ``pipelines/wan/pipeline_wan_i2v.py`` -> wan; ``attention.py`` -> attention."""
    pieces = relative.split("/")
    if pieces[0] == "pipelines":
        return pieces[1] if len(pieces) > 2 else PurePath(pieces[-1]).stem
    stem = PurePath(pieces[-1]).stem
    if len(pieces) > 1 and pieces[0] in stem:
        return pieces[0]
    return stem.split("_", 1)[1] if "_" in stem else stem


def tree_of(path: str) -> str:
    parts = PurePath(path).parts
    return next((part for part in parts if part in KNOWN_TREES), "")


def load(path: str) -> list[Finding]:
    with open(path, encoding="utf-8") as handle:
        raw = json.load(handle)
    findings = []
    for item in raw:
        relative = relative_to_models(item["path"])
        pieces = relative.split("/")
        family = family_of(relative)
        findings.append(
            Finding(
                code=item["code"],
                path=relative,
                line=item["line"],
                column=item["column"],
                family=family,
                file_name=pieces[-1],
                class_name=item.get("class") or "",
                method=item.get("method") or "",
                attribute=item.get("attribute") or "",
                levels=tuple(item.get("levels") or ()),
                message=item.get("message") or "",
                strategies=tuple(item.get("strategies") or ()),
                tree=tree_of(item["path"]),
                module=item.get("module") or "",
            )
        )
    return findings


# A verdict row's location: | n | family/file.py:line | ...
VERDICT_LOCATION = re.compile(r"^\|\s*\d+\s*\|\s*([\w./]+\.py:\d+)\s*\|")
# A verdict row: | n | family/file.py:line | Class.method (or "same") | OFLnnn `attribute` ...
VERDICT_ROW = re.compile(
    r"^\|\s*\d+\s*\|\s*([\w.]+)/[\w.]+\.py:\d+\s*\|\s*([^|]+?)\s*\|\s*OFL\d+\s+`([^`]*)`"
)


def triaged_identities(doc_path: str) -> set[tuple[str, str, str, str]]:
    """(family, class, method, attribute) of every verdict row in an earlier triage document."""
    identities: set[tuple[str, str, str, str]] = set()
    previous_target = ("", "")
    with open(doc_path, encoding="utf-8") as handle:
        for line in handle:
            match = VERDICT_ROW.match(line)
            if not match:
                continue
            family, target, attribute = match.groups()
            if target != "same":
                class_name, _, method = target.partition(".")
                previous_target = (class_name, method)
            identities.add((family, *previous_target, attribute))
    return identities


def triaged_locations(doc_path: str) -> set[str]:
    """`family/file.py:line` of every verdict row in an earlier triage document."""
    with open(doc_path, encoding="utf-8") as handle:
        return {match.group(1) for line in handle if (match := VERDICT_LOCATION.match(line))}


def drop_triaged(
    findings: list[Finding],
    identities: set[tuple[str, str, str, str]],
    locations: set[str] | frozenset[str] = frozenset(),
) -> tuple[list[Finding], int]:
    kept = [
        f
        for f in findings
        if (f.family, f.class_name, f.method, f.attribute) not in identities
        and f"{f.path}:{f.line}" not in locations
    ]
    return kept, len(findings) - len(kept)


def drop_modular_duplicates(findings: list[Finding]) -> tuple[list[Finding], int]:
    in_modeling = {f.identity() for f in findings if not f.is_modular}
    kept = [f for f in findings if not (f.is_modular and f.identity() in in_modeling)]
    return kept, len(findings) - len(kept)


def allocate(counts: Counter[str], size: int, floor: int | None = None) -> dict[str, int]:
    fair_share = size // len(counts) if floor is None else floor
    floors = {code: min(n, fair_share) for code, n in counts.items()}
    left = size - sum(floors.values())
    excess = {code: counts[code] - floors[code] for code in counts}
    total_excess = sum(excess.values())
    if left <= 0 or total_excess == 0:
        return floors
    exact = {code: left * excess[code] / total_excess for code in counts}
    shares = {code: int(exact[code]) for code in counts}
    by_remainder = sorted(counts, key=lambda code: (-(exact[code] - shares[code]), code))
    for code in by_remainder[: left - sum(shares.values())]:
        shares[code] += 1
    return {code: floors[code] + shares[code] for code in counts}


def draw(
    findings: list[Finding],
    size: int,
    seed: int,
    per_family: int,
    top_up: dict[str, int] | None = None,
    floor: int | None = None,
) -> tuple[list[Finding], dict[str, int]]:
    counts = Counter(f.code for f in findings)
    quota = allocate(counts, size, floor)
    order = sorted(findings, key=lambda f: (f.path, f.line, f.column, f.code, f.attribute))
    random.Random(seed).shuffle(order)
    per_family_taken: Counter[str] = Counter()
    chosen: list[int] = []

    def take(position: int) -> None:
        chosen.append(position)
        per_family_taken[order[position].family] += 1

    for code in sorted(counts, key=lambda c: (counts[c], c)):
        taken = 0
        for position, finding in enumerate(order):
            if taken == quota[code]:
                break
            if finding.code == code and per_family_taken[finding.family] < per_family:
                take(position)
                taken += 1
        quota[code] = taken
    # Slots a rule could not fill (its families were capped) go to the rule sampled least
    # relative to its size that still has an eligible finding.
    while len(chosen) < size:
        eligible = [
            position
            for position, finding in enumerate(order)
            if position not in chosen and per_family_taken[finding.family] < per_family
        ]
        if not eligible:
            break
        open_codes = sorted({order[position].code for position in eligible})
        code = max(open_codes, key=lambda c: counts[c] / (quota[c] + 1))
        take(next(position for position in eligible if order[position].code == code))
        quota[code] += 1
    # Extra rows for a rule whose share is too small to measure it: the next findings of that rule
    # in the same shuffled order, under the same per-family cap, after the sample above is complete.
    for code, extra in (top_up or {}).items():
        for position, finding in enumerate(order):
            if extra == 0:
                break
            if (
                position not in chosen
                and finding.code == code
                and per_family_taken[finding.family] < per_family
            ):
                take(position)
                quota[code] = quota.get(code, 0) + 1
                extra -= 1
    sample = [order[position] for position in chosen]
    sample.sort(key=lambda f: (f.code, f.path, f.line))
    return sample, quota


def rule_count(text: str) -> tuple[str, int]:
    """`OFL105=6` -> ("OFL105", 6), for --top-up."""
    code, _, count = text.partition("=")
    if not code.startswith("OFL") or not count.isdigit():
        raise argparse.ArgumentTypeError(f"expected CODE=N (e.g. OFL105=6), got {text!r}")
    return code, int(count)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("findings", nargs="+", help="offload-lint --output-format json output (one per tree)")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--size", type=int, default=50)
    parser.add_argument("--per-family", type=int, default=3)
    parser.add_argument(
        "--exclude-doc",
        action="append",
        default=[],
        help="an earlier triage document whose verdict rows are left out of the sample",
    )
    parser.add_argument(
        "--top-up",
        action="append",
        default=[],
        type=rule_count,
        metavar="CODE=N",
        help="after the sample is drawn, add N more findings of rule CODE (same order, same cap)",
    )
    parser.add_argument("--strategy", help="draw only findings naming this strategy (JSON `strategies`)")
    parser.add_argument(
        "--floor",
        type=int,
        help="findings every rule gets before the rest is split in proportion (default: size // rules)",
    )
    parser.add_argument("--json", action="store_true", help="print the sample as JSON")
    args = parser.parse_args(argv)

    findings = [finding for path in args.findings for finding in load(path)]
    if args.strategy:
        findings = [f for f in findings if args.strategy in f.strategies]
    deduplicated_findings, dropped = drop_modular_duplicates(findings)
    identities: set[tuple[str, str, str, str]] = set()
    locations: set[str] = set()
    for doc_path in args.exclude_doc:
        identities |= triaged_identities(doc_path)
        locations |= triaged_locations(doc_path)
    kept, already_triaged = drop_triaged(deduplicated_findings, identities, locations)
    sample, quota = draw(kept, args.size, args.seed, args.per_family, dict(args.top_up), args.floor)

    if args.json:
        json.dump([asdict(f) for f in sample], sys.stdout, indent=1)
        print()
        return 0
    whole = Counter(f.code for f in findings)
    deduplicated = Counter(f.code for f in deduplicated_findings)
    eligible = Counter(f.code for f in kept)
    print(
        f"findings: {len(findings)}; modular duplicates dropped: {dropped};"
        f" already triaged dropped: {already_triaged} (of {len(identities)} earlier rows,"
        f" {len(locations)} file:line);"
        f" sampled from: {len(kept)}"
    )
    print("rule\twhole tree\twithout modular duplicates\tnot yet triaged\tsampled")
    for code in sorted(whole):
        print(
            f"{code}\t{whole[code]}\t{deduplicated[code]}\t{eligible[code]}\t{quota.get(code, 0)}"
        )
    print()
    for number, f in enumerate(sample, 1):
        levels = "+".join(f.strategies if args.strategy else f.levels)
        where = f"{f.tree} {f.path}" if args.strategy and f.tree else f.path
        print(f"{number}\t{f.code}\t{where}:{f.line}\t{f.class_name}.{f.method}\t{f.attribute}\t{levels}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
