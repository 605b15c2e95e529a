"""Score the static linter per offloading strategy against benchmarks/truth/strategies*.toml.

Each `[[site]]` names a line of the installed diffusers 0.42.1 / transformers 5.24.0 tree, the strategy it is
labelled under, and a label: "positive" (the access breaks under that strategy: the runtime run under the real
hooks says so, or the evidence says why no run could) or "negative" (a look-alike that works there). Every site's
file is linted alone under its strategy (`offload-lint FILE --strategy S --output-format json --no-cache
--show-suppressed`, once per (file, strategy)); a site is flagged when a finding whose `strategies` names S sits
on its line (and, when the site names an `attribute`, a finding for that attribute) that flags it (`score.flags`:
shown, or kept suppressed for a reason other than running after the component's own forward; `--count-suppressed`
counts every suppressed one, as the scores before 2026-12-05's third session did, `--shown-only` none). A site labelled "unsure" (the
runtime could not decide and the code does not either) is listed with whether it is flagged, and not scored.

Prints, per strategy: positives found / missed, negatives flagged, recall and precision
(TP / (TP + flagged negatives)) each with its 95 % Wilson score interval, then the misses and false positives.
Always exits 0: this is a benchmark.

    python benchmarks/truth/score_strategies.py [--file strategies_d.toml ...] [--strategy S ...] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from score import AS_LABELLED, NOT_A_FINDING, add_suppressed_option, check_versions, flags, package_dir, percent

HERE = Path(__file__).resolve().parent
# sites.toml's labels, accepted too, so a file written in that vocabulary scores the same.
LABELS = {"bug": "positive", "ok": "negative"}


@dataclass(frozen=True)
class StrategySite:
    id: str
    tree: str
    path: str
    line: int
    cls: str
    method: str
    attribute: str
    strategy: str
    label: str
    runtime: str
    evidence: str
    source: str
    origin: str = ""  # how the row was chosen: the first word of its "source" ("random", "blind"), if it says


@dataclass
class StrategyTally:
    tp: int = 0
    fn: int = 0
    fp: int = 0
    tn: int = 0
    misses: list[StrategySite] = field(default_factory=list)
    false_positives: list[tuple[StrategySite, list[str]]] = field(default_factory=list)

    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float] | None:
    """The 95 % Wilson score interval of a proportion (sound for small samples and for 0 % or 100 %)."""
    if trials == 0:
        return None
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def interval(successes: int, trials: int) -> str:
    bounds = wilson(successes, trials)
    return "—" if bounds is None else f"[{bounds[0] * 100:.0f}, {bounds[1] * 100:.0f}]"


def truth_files() -> list[Path]:
    return sorted(HERE.glob("strategies*.toml"))


def load_sites(files: list[Path]) -> list[StrategySite]:
    """Every site of ``files``, less those a loaded site supersedes (``supersedes = "<id>"``: a row labelled again,
    as round o's class-A rows relabelled by their real call path in strategies_o_path.toml)."""
    raws = [(path, raw) for path in files for raw in tomllib.loads(path.read_text()).get("site", [])]
    superseded = {raw["supersedes"] for _, raw in raws if raw.get("supersedes")}
    sites: list[StrategySite] = []
    for path, raw in raws:
        if raw.get("id") in superseded:
            continue
        sites.append(StrategySite(
            id=raw.get("id", f"{raw['path']}:{raw['line']}"), tree=raw["tree"], path=raw["path"], line=int(raw["line"]), cls=raw.get("class", ""),
            method=raw.get("method", ""), attribute=raw.get("attribute", ""), strategy=raw["strategy"],
            label=LABELS.get(raw["label"], raw["label"]), runtime=raw.get("runtime", ""), evidence=raw.get("evidence", ""),
            source=path.name, origin=str(raw.get("source", "")).split(" ")[0]))
    return sites


# Tree "examples" (strategies_e.toml): diffusers' examples/ checked out here, not an installed package.
EXAMPLES = Path("/tmp/corp/examples")


def tree_dir(tree: str) -> Path:
    return EXAMPLES if tree == "examples" else package_dir(tree)


def lint(tree: str, path: str, strategy: str) -> list[dict]:
    target = tree_dir(tree) / path
    proc = subprocess.run([sys.executable, "-m", "offload_lint", "--strategy", strategy, "--show-suppressed",
                           "--output-format", "json", "--no-cache", str(target)], capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        print(f"offload-lint failed on {tree}/{path} under {strategy} (exit {proc.returncode}):\n"
              f"{proc.stderr[-2000:]}", file=sys.stderr)
        return []
    return json.loads(proc.stdout or "[]")


def flagged_lines(finding: dict, path: str) -> set[int]:
    """The lines of ``path`` a finding flags: its own, and the places it names as the same cause (a second call of
    the same child, a second placement with a component's device; a generated copy's line when the finding is
    reported at its modular template)."""
    same = lambda where: str(Path(where).resolve()) == str(Path(path).resolve())  # noqa: E731
    lines = {int(finding["line"])} if same(finding["path"]) else set()
    return lines | {int(place["line"]) for place in finding.get("related_locations") or [] if same(place["path"])}


def _same_attribute(labelled: str, found: str) -> bool:
    """``down_blocks`` labelled, ``unet.down_blocks`` found: a handed module's attribute is named with the
    parameter that holds it (OFL109 on ``unet.down_blocks.state_dict()``); the labels wrote it from the module on."""
    return found == labelled or found.endswith("." + labelled)


def codes_at(site: StrategySite, findings: list[dict], suppressed: str = AS_LABELLED) -> list[str]:
    """Codes of the findings that flag this site under its strategy (:func:`score.flags`)."""
    codes = []
    path = str(tree_dir(site.tree) / site.path)
    for finding in findings:
        if finding["code"] in NOT_A_FINDING or site.line not in flagged_lines(finding, path):
            continue
        if not flags(finding, suppressed):
            continue
        named = finding.get("strategies") or []
        if named and site.strategy not in named:
            continue
        # A finding standing for several children (OFL102's calls in one method) names each under "attributes".
        names = finding.get("attributes") or [finding.get("attribute") or site.attribute]
        if site.attribute and not any(_same_attribute(site.attribute, name) for name in names):
            continue
        codes.append(finding["code"])
    return codes


def lint_all(keys: list[tuple[str, str, str]], jobs: int, saved: Path | None = None
             ) -> dict[tuple[str, str, str], list[dict]]:
    """Each (tree, path, strategy) linted once, ``jobs`` linter processes at a time; with ``saved``, each result is
    kept there as JSON and read back by a later run (only valid while the linter and the trees are unchanged)."""
    from concurrent.futures import ThreadPoolExecutor

    def one(key: tuple[str, str, str]) -> list[dict]:
        if saved is None:
            return lint(*key)
        path = saved / ("__".join(key).replace("/", "_") + ".json")
        if path.exists():
            return json.loads(path.read_text())
        findings = lint(*key)
        path.write_text(json.dumps(findings))
        return findings

    if saved is not None:
        saved.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return dict(zip(keys, pool.map(one, keys)))


def from_whole_tree(sites: list[StrategySite], files: list[Path]) -> dict[tuple[str, str, str], list[dict]]:
    """Each site's findings taken from whole-tree runs (``--strategy all --show-suppressed`` JSON) instead of a lint of
    its file alone: the findings of the site's file, whatever strategy each names (``codes_at`` filters)."""
    by_path: dict[str, list[dict]] = defaultdict(list)
    for name in files:
        for finding in json.loads(Path(name).read_text()):
            paths = {str(Path(finding["path"]).resolve())}
            paths |= {str(Path(place["path"]).resolve()) for place in finding.get("related_locations") or []}
            for where in paths:  # a finding at a modular template also flags its generated copy's line
                by_path[where].append(finding)
    return {(site.tree, site.path, site.strategy): by_path.get(str((tree_dir(site.tree) / site.path).resolve()), [])
            for site in sites}


def score(sites: list[StrategySite], jobs: int = 1, saved: Path | None = None,
          whole: list[Path] | None = None, by_origin: bool = False,
          suppressed: str = AS_LABELLED) -> dict[str, StrategyTally]:
    cache = from_whole_tree(sites, whole) if whole else \
        lint_all(sorted({(site.tree, site.path, site.strategy) for site in sites}), jobs, saved)
    tallies: dict[str, StrategyTally] = defaultdict(StrategyTally)
    for site in sites:
        key = (site.tree, site.path, site.strategy)
        codes = codes_at(site, cache[key], suppressed)
        if site.label not in ("positive", "negative", "unsure"):
            print(f"{site.source}: site {site.id} has label {site.label!r} (positive, negative or unsure): skipped",
                  file=sys.stderr)
            continue
        if site.label == "unsure":
            tallies["unsure"].false_positives.append((site, codes))
            continue
        names = [site.strategy, "all"]
        if by_origin and site.origin:  # the same row counted again in its origin's own lines
            names += [f"{site.strategy} ({site.origin})", f"all ({site.origin})"]
        for name in names:
            tally = tallies[name]
            if site.label == "positive":
                if codes:
                    tally.tp += 1
                else:
                    tally.fn += 1
                    tally.misses.append(site)
            elif codes:
                tally.fp += 1
                tally.false_positives.append((site, codes))
            else:
                tally.tn += 1
    return tallies


def report(tallies: dict[str, StrategyTally], verbose: bool) -> None:
    print(f"{'strategy':<24}{'positives':>10}{'found':>7}{'negatives':>11}{'FP':>5}{'recall':>9}{'95 % CI':>12}"
          f"{'precision':>11}{'95 % CI':>12}")
    for name in [k for k in sorted(tallies) if k not in ("all", "unsure")] + ["all"]:
        if name not in tallies:
            continue
        t = tallies[name]
        print(f"{name:<24}{t.tp + t.fn:>10}{t.tp:>7}{t.fp + t.tn:>11}{t.fp:>5}{percent(t.recall()):>9}"
              f"{interval(t.tp, t.tp + t.fn):>12}{percent(t.precision()):>11}{interval(t.tp, t.tp + t.fp):>12}")
    overall = tallies["all"] if "all" in tallies else StrategyTally()
    print(f"\nmissed positives ({len(overall.misses)}):")
    for site in overall.misses:
        print(f"  {site.id} [{site.strategy}]: {site.tree}/{site.path}:{site.line} {site.cls}.{site.method}"
              f" {site.attribute} (runtime: {site.runtime})" + (f"\n      {site.evidence}" if verbose else ""))
    print(f"\nflagged negatives ({len(overall.false_positives)}):")
    for site, codes in overall.false_positives:
        print(f"  {site.id} [{site.strategy}]: {site.tree}/{site.path}:{site.line} {site.cls}.{site.method}"
              f" got {','.join(sorted(set(codes)))} (runtime: {site.runtime})"
              + (f"\n      {site.evidence}" if verbose else ""))
    unsure = tallies["unsure"].false_positives if "unsure" in tallies else []
    print(f"\nunsure, not scored ({len(unsure)}):")
    for site, codes in unsure:
        print(f"  {site.id} [{site.strategy}]: {site.tree}/{site.path}:{site.line} {site.cls}.{site.method}"
              f" {'flagged ' + ','.join(sorted(set(codes))) if codes else 'not flagged'} (runtime: {site.runtime})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--strategy", action="append", default=[], help="score only this strategy (repeatable)")
    parser.add_argument("--verbose", action="store_true", help="show each listed site's runtime evidence")
    parser.add_argument("--jobs", type=int, default=1, help="linter processes at a time (each lints one file)")
    parser.add_argument("--lint-cache", type=Path, help="keep each file's findings here and reuse them (only while "
                        "the linter and the trees are unchanged)")
    parser.add_argument("--whole-tree", action="append", type=Path, default=[],
                        help="take the findings from this whole-tree run's JSON (--strategy all --show-suppressed; "
                             "repeatable, one per tree) instead of linting each site's file alone")
    parser.add_argument("--file", action="append", default=[],
                        help="score only this truth file (a name in benchmarks/truth or a path; repeatable)")
    add_suppressed_option(parser)
    parser.add_argument("--by-origin", action="store_true",
                        help="also score the rows of each origin (a row's source: random draw, blind scan) apart")
    args = parser.parse_args(argv)

    files = [Path(name) if Path(name).exists() else HERE / name for name in args.file] or truth_files()
    for path in files:
        check_versions(path)
    sites = [s for s in load_sites(files) if not args.strategy or s.strategy in args.strategy]
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for site in sites:
        counts[(site.strategy, site.label)] += 1
    print(f"{len(sites)} sites from {', '.join(p.name for p in files)}: "
          + ", ".join(f"{strategy} {label} {n}" for (strategy, label), n in sorted(counts.items())))
    report(score(sites, args.jobs, args.lint_cache, args.whole_tree, args.by_origin, args.suppressed), args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
