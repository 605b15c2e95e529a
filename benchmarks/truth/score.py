"""Score the static linter against the labelled truth set (benchmarks/truth/sites.toml).

Runs `offload-lint --show-suppressed --output-format json --no-cache` on the installed diffusers package and
transformers' `models/` directory (whole-tree analysis: what a user gets), then matches findings to sites by
(tree, path, line):

* a "bug" site is found when a finding with its `code` (or one of its `also_codes`) is on that line;
* an "ok" site is a false positive when any finding (OFL000/OFL900 excluded) is on that line.

A finding kept suppressed (listed because of `--show-suppressed`) is on its lines unless its reason says the line
runs where the weights are onloaded (`flags`; `--count-suppressed` counts those too, as the scores before
2026-12-05's third session did; `--shown-only` counts no suppressed finding).

A finding counts on its own line and on each of its ``related_locations`` (a generated copy of its
template line, a call of the helper it is reported in).

Prints recall and precision per rule and overall, then the misses and the false positives.
Precision is over labelled sites: TP / (TP + FP on "ok" sites). Always exits 0: this is a benchmark.

    python benchmarks/truth/score.py [--findings-json tree=FILE ...] [--save-findings DIR] [--verbose]
                                     [--corpus-root DIR]

With ``--corpus-root DIR`` the sites of ``corpus_sites.toml`` are scored too (lines of triage corpora, not
installed packages: ``tree = "corp5/stablediffusion"`` is linted alone as ``DIR/corp5/stablediffusion``); without
it they are left out and the score is the installed trees' alone.

Sites are lines of one release of each tree (``[versions]`` in sites.toml). With another release installed,
score the labelled one from an unpacked wheel, e.g. ``pip download transformers==5.24.0 --no-deps -d W`` and
``unzip -q W/transformers-5.24.0-*.whl 'transformers/*' -d T``, then ``--tree-dir transformers=T/transformers``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import subprocess
import sys
import time
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The end of the reason of a finding kept suppressed because its line runs where the weights are onloaded
# (``offload_lint.analyze.components.ONLOADED_AFTER_FORWARD``; spelled here so that an older linter can be scored).
ONLOADED_AFTER_FORWARD = "its weights onloaded after it"
SITES_FILE = HERE / "sites.toml"
CORPUS_SITES_FILE = HERE / "corpus_sites.toml"
TREES = ("diffusers", "transformers")
# What is linted per tree, relative to the installed package directory.
LINT_SUBDIR = {"diffusers": "", "transformers": "models"}
NOT_A_FINDING = {"OFL000", "OFL900"}
# Which findings kept suppressed (listed because of ``--show-suppressed``) flag their lines: as the sets' labels read
# them (the default), every one (how the scores before 2026-12-05's third session counted), or none (shown only).
AS_LABELLED, ALL_SUPPRESSED, NO_SUPPRESSED = "as-labelled", "all", "none"


def flags(finding: dict, suppressed: str = AS_LABELLED) -> bool:
    """Whether a finding flags its lines. The sets' labels say what happens when the line runs under the strategy (a
    user may call any method after offloading): a finding kept suppressed because of *when* its method runs (only
    before offloading, a setup method, a class nothing offloads, a model's own opt-out) still names a line that breaks
    if it runs then, and flags it. One kept suppressed because its line runs where the weights are onloaded (after
    the component's own forward, ``ONLOADED_AFTER_FORWARD``) names a line that does not break, and flags nothing."""
    reason = finding.get("suppressed_by")
    if not reason or suppressed == ALL_SUPPRESSED:
        return True
    return suppressed == AS_LABELLED and not reason.endswith(ONLOADED_AFTER_FORWARD)


def add_suppressed_option(parser) -> None:
    """``--count-suppressed`` / ``--shown-only``: the other two ways of counting suppressed findings (:func:`flags`)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--count-suppressed", dest="suppressed", action="store_const", const=ALL_SUPPRESSED,
                       default=AS_LABELLED, help="every finding kept suppressed flags its lines (the scores before "
                                                 "2026-12-05's third session counted so)")
    group.add_argument("--shown-only", dest="suppressed", action="store_const", const=NO_SUPPRESSED,
                       help="no finding kept suppressed flags a line, whatever its reason")


@dataclass(frozen=True)
class Site:
    id: str
    tree: str
    path: str
    line: int
    symbol: str
    code: str
    label: str
    pattern: str
    runtime: str
    also_codes: tuple[str, ...] = ()

    @property
    def codes(self) -> set[str]:
        return {self.code, *self.also_codes}


@dataclass
class Tally:
    tp: int = 0
    fn: int = 0
    fp: int = 0  # "ok" sites with a finding
    tn: int = 0
    misses: list[Site] = field(default_factory=list)
    false_positives: list[tuple[Site, list[str]]] = field(default_factory=list)

    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None


def load_sites(path: Path = SITES_FILE) -> list[Site]:
    raw = tomllib.loads(path.read_text())["site"]
    return [Site(id=s["id"], tree=s["tree"], path=s["path"], line=int(s["line"]), symbol=s["symbol"],
                 code=s["code"], label=s["label"], pattern=s["pattern"], runtime=s["runtime"],
                 also_codes=tuple(s.get("also_codes", ()))) for s in raw]


def tree_version(directory: Path) -> str:
    """``__version__`` as the package's ``__init__.py`` writes it."""
    try:
        found = re.search(r"^__version__\s*=\s*[\"']([^\"']+)", (directory / "__init__.py").read_text(), re.M)
    except OSError:
        return "unknown"
    return found.group(1) if found else "unknown"


def check_versions(path: Path = SITES_FILE, tree_dirs: dict[str, Path] | None = None) -> None:
    """Sites are lines of one release of each tree: say so when another one is installed (or given)."""
    from importlib.metadata import PackageNotFoundError, version

    wanted = tomllib.loads(path.read_text()).get("versions", {})
    for tree, expected in wanted.items():
        try:
            installed = tree_version(tree_dirs[tree]) if tree in (tree_dirs or {}) else version(tree)
        except PackageNotFoundError:
            installed = "not installed"
        if installed != expected:
            print(f"warning: the truth set is labelled on {tree} {expected}, installed: {installed}; "
                  "line numbers will not match", file=sys.stderr)


def package_dir(tree: str) -> Path:
    spec = importlib.util.find_spec(tree)
    if spec is None or not spec.submodule_search_locations:
        sys.exit(f"score.py: {tree} is not installed in this environment (pip install -e '.[confirm]')")
    return Path(next(iter(spec.submodule_search_locations)))


def run_linter(tree: str, target: Path | None = None) -> tuple[list[dict], float]:
    target = target if target is not None else package_dir(tree) / LINT_SUBDIR[tree]
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "offload_lint", "--show-suppressed", "--output-format", "json",
                           "--no-cache", str(target)], capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if proc.returncode not in (0, 1):
        print(f"offload-lint failed on {tree} (exit {proc.returncode}):\n{proc.stderr[-2000:]}", file=sys.stderr)
        return [], seconds
    return json.loads(proc.stdout or "[]"), seconds


def relative_to_tree(tree: str, path: str) -> str:
    """'…/site-packages/transformers/models/x/y.py' -> 'models/x/y.py'; a corpus tree ('corp5/stablediffusion'):
    the part after those folders."""
    if "/" in tree and f"/{tree}/" in path:
        return path.split(f"/{tree}/", 1)[1]
    parts = Path(path).parts
    for index in range(len(parts) - 1, -1, -1):
        if parts[index] == tree:
            return "/".join(parts[index + 1:])
    return path


def index_findings(findings_by_tree: dict[str, list[dict]],
                   suppressed: str = AS_LABELLED) -> dict[tuple[str, str, int], list[str]]:
    """The codes of the findings on each (tree, path, line) that flag it (:func:`flags`)."""
    at: dict[tuple[str, str, int], list[str]] = defaultdict(list)
    for tree, findings in findings_by_tree.items():
        for finding in findings:
            if finding["code"] in NOT_A_FINDING or not flags(finding, suppressed):
                continue
            at[(tree, relative_to_tree(tree, finding["path"]), int(finding["line"]))].append(finding["code"])
            # One finding per cause: a generated copy or a helper's call is covered by the finding
            # reported where the fix goes, which names it as a related location.
            for related in finding.get("related_locations", ()):
                at[(tree, relative_to_tree(tree, related["path"]), int(related["line"]))].append(finding["code"])
    return at


def score(sites: list[Site], at: dict[tuple[str, str, int], list[str]]) -> dict[str, Tally]:
    tallies: dict[str, Tally] = defaultdict(Tally)
    for site in sites:
        codes_here = at.get((site.tree, site.path, site.line), [])
        for key in (site.code, "all", f"tree:{site.tree}"):
            tally = tallies[key]
            if site.label == "bug":
                if site.codes & set(codes_here):
                    tally.tp += 1
                else:
                    tally.fn += 1
                    tally.misses.append(site)
            elif codes_here:
                tally.fp += 1
                tally.false_positives.append((site, codes_here))
            else:
                tally.tn += 1
    return tallies


def percent(value: float | None) -> str:
    return "   -  " if value is None else f"{100 * value:5.1f}%"


def report(tallies: dict[str, Tally], verbose: bool) -> None:
    print(f"{'rule':<18}{'bug sites':>10}{'found':>7}{'ok sites':>10}{'FP':>5}{'recall':>9}{'precision':>11}")
    rules = sorted(k for k in tallies if k.startswith("OFL"))
    for key in rules + [k for k in sorted(tallies) if k.startswith("tree:")] + ["all"]:
        t = tallies[key]
        print(f"{key:<18}{t.tp + t.fn:>10}{t.tp:>7}{t.fp + t.tn:>10}{t.fp:>5}{percent(t.recall()):>9}"
              f"{percent(t.precision()):>11}")
    overall = tallies["all"]
    print(f"\nmissed bug sites ({len(overall.misses)}):")
    for site in overall.misses:
        print(f"  {site.id}: {site.tree}/{site.path}:{site.line} {site.symbol} expected {site.code}"
              + (f" [{site.pattern}]" if verbose else ""))
    print(f"\nfalse positives on ok sites ({len(overall.false_positives)}):")
    for site, codes in overall.false_positives:
        print(f"  {site.id}: {site.tree}/{site.path}:{site.line} {site.symbol} got {','.join(sorted(set(codes)))}"
              + (f" [{site.pattern}]" if verbose else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--findings-json", action="append", default=[], metavar="TREE=FILE",
                        help="use a saved `offload-lint --output-format json` run for TREE instead of linting")
    parser.add_argument("--save-findings", metavar="DIR", help="write each tree's findings JSON into DIR")
    parser.add_argument("--verbose", action="store_true", help="show each listed site's pattern")
    add_suppressed_option(parser)
    parser.add_argument("--tree-dir", action="append", default=[], metavar="TREE=DIR",
                        help="lint the package at DIR (another release, unpacked) instead of the installed TREE")
    parser.add_argument("--corpus-root", metavar="DIR",
                        help="also score corpus_sites.toml, linting each of its trees alone under DIR")
    args = parser.parse_args(argv)

    sites = load_sites()
    tree_dirs = {tree: Path(directory) for tree, directory in (item.split("=", 1) for item in args.tree_dir)}
    check_versions(tree_dirs=tree_dirs)
    given = dict(item.split("=", 1) for item in args.findings_json)
    findings: dict[str, list[dict]] = {}
    for tree in TREES:
        if tree in given:
            findings[tree] = json.loads(Path(given[tree]).read_text())
            continue
        target = tree_dirs[tree] / LINT_SUBDIR[tree] if tree in tree_dirs else None
        findings[tree], seconds = run_linter(tree, target)
        print(f"linted {tree}: {len(findings[tree])} findings in {seconds:.1f} s", file=sys.stderr)
        if args.save_findings:
            Path(args.save_findings).mkdir(parents=True, exist_ok=True)
            (Path(args.save_findings) / f"{tree}.json").write_text(json.dumps(findings[tree]))
    if args.corpus_root:
        corpus_sites = load_sites(CORPUS_SITES_FILE)
        for tree in sorted({site.tree for site in corpus_sites}):
            if tree in given:
                findings[tree] = json.loads(Path(given[tree]).read_text())
                continue
            findings[tree], seconds = run_linter(tree, Path(args.corpus_root) / tree)
            print(f"linted {tree}: {len(findings[tree])} findings in {seconds:.1f} s", file=sys.stderr)
        sites = sites + corpus_sites
    labels = defaultdict(int)
    for site in sites:
        labels[(site.tree, site.label)] += 1
    print(f"{len(sites)} sites: " + ", ".join(f"{tree} {label} {n}" for (tree, label), n in sorted(labels.items())))
    report(score(sites, index_findings(findings, args.suppressed)), args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
