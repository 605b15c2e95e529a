"""Re-run the runtime check behind every label of the truth set (benchmarks/truth/sites.toml).

Each site has a case in `cases.py`: how to build the class with a tiny config, and the call that reaches the
site with tiny inputs. The case runs under diffusers' real `apply_group_offloading` (block level with
`num_blocks_per_group=1`, leaf level, as the site's `levels` say) on one of two onload devices:

* the project's confirmer (`offload_lint.confirm`): fake-cuda backend, a virtual `cuda:0`, so a device
  mismatch surfaces as on a GPU; its tracking backend when fake-cuda cannot run the model;
* torch's lazy device (`lazy_device.py`) for `.device` sites fake-cuda cannot run (tracking cannot tell
  devices apart), and for "a caller moves the component by hand" (OFL207).

The verdict is judged by where a value goes, not by what was read (a bare `.device` read decides nothing):

* confirmed: at one of the site's levels an offloaded weight (or a tensor derived from it, or a tensor built
  on the offload device) met an onload-device tensor in an op whose stack runs through the site's statement
  or one of the case's `sinks` (the lines its value flows to) in the site's file; for a `replay` case (a
  pipeline's line re-enacted on the component) any such op during the call counts;
* refuted: the call completed at every level of the site and nothing of the kind happened there;
* untriggered: the call did not complete, or only the tracking backend could run a `.device` site.

    python benchmarks/truth/check_runtime.py                 # every site, compare with the recorded verdicts
    python benchmarks/truth/check_runtime.py --site ID [...]  # some sites
    python benchmarks/truth/check_runtime.py --list           # the ids
    python benchmarks/truth/check_runtime.py --record [...]   # write the verdicts and evidence into sites.toml
    python benchmarks/truth/check_runtime.py --automatic [TREE ...]  # the stock confirmer on the linter's findings

Exit status: 0 when every checked verdict equals the recorded one, 1 otherwise (2: unknown site id).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cases import Case

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")


@dataclass(frozen=True)
class Outcome:
    verdict: str
    evidence: str


def statement_lines(path: Path, lines: set[int]) -> set[int]:
    """Every line of the innermost statement holding each of `lines` (a multi-line call reports its
    frame at the line of the argument being evaluated, not at the first line of the statement)."""
    import ast

    tree = ast.parse(path.read_text())
    spans: dict[int, tuple[int, int]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt) or node.end_lineno is None:
            continue
        compound = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For,
                                     ast.While, ast.With, ast.Try))
        for line in lines:
            if node.lineno <= line <= node.end_lineno:
                end = node.lineno if compound else node.end_lineno  # a header only: `class X:`, `if ...:`
                if line <= end and (line not in spans or end - node.lineno < spans[line][1] - spans[line][0]):
                    spans[line] = (node.lineno, end)
    covered = set(lines)
    for start, end in spans.values():
        covered.update(range(start, end + 1))
    return covered


def site_file(site: dict) -> Path:
    import importlib.util

    spec = importlib.util.find_spec(site["tree"])
    return Path(next(iter(spec.submodule_search_locations))) / site["path"]


def _frames_in(access: Any, path_suffix: str, lines: set[int]) -> list[Any]:
    return [f for f in access.frames if f.path.replace(os.sep, "/").endswith(path_suffix) and f.line in lines]


def judge(site: dict, case: Case) -> Outcome:
    """Run the case at the site's levels and turn what was observed into a verdict."""
    from offload_lint.confirm import confirm
    from offload_lint.confirm.report import COMPUTE, DEVICE, MISMATCH

    if case.custom is not None:
        verdict, evidence = case.custom(site)
        return Outcome(verdict, evidence)
    path_suffix = f"{site['tree']}/{site['path']}"
    given = {int(site["line"]), *case.sinks}
    lines = statement_lines(site_file(site), given)
    where = f"line {'/'.join(str(n) for n in sorted(given))}"
    if case.backend == "lazy":
        return judge_on_lazy(site, case, path_suffix, lines, where)
    notes: list[str] = []
    crashed: list[str] = []
    completed_all = True
    device_on_tracking = False
    for level in site["levels"]:
        report = confirm(case.target, case.method, level=level, factory=case.build, call=case.call, steps=case.steps,
                         block_modules=case.block_modules, timeout=case.timeout, backend=case.backend)
        result = report.levels[level]
        hits = []
        for access in result.accesses:
            if access.kind not in (COMPUTE, MISMATCH):
                continue
            frames = access.frames[:1] if case.replay else _frames_in(access, path_suffix, lines)
            if frames:
                where_hit = f"{frames[0].path.rsplit('/', 1)[-1]}:{frames[0].line}" if case.replay \
                    else f"line {frames[0].line}"
                hits.append(f"{access.kind} {access.weight} via {access.op} at {where_hit}")
        devices = [a for a in result.accesses if a.kind == DEVICE and _frames_in(a, path_suffix, lines)]
        if hits:
            crashed.append(f"{level}: " + "; ".join(list(dict.fromkeys(hits))[:2]) + f" [{result.backend}]")
        elif not result.completed:
            completed_all = False
            notes.append(f"{level}: did not complete [{result.backend}]: {result.error or result.evidence}"[:300])
        else:
            if devices and result.backend == "tracking":
                device_on_tracking = True
            scope = "during the replayed call" if case.replay else f"at {where}"
            notes.append(f"{level}: completed, no offloaded tensor met an onload-device tensor {scope}"
                         + (f" ({len(devices)} .device read(s) seen)" if devices else "") + f" [{result.backend}]")
    if crashed:
        return Outcome("confirmed", " | ".join(crashed + [n for n in notes if "did not complete" in n]))
    if not completed_all:
        return Outcome("untriggered", " | ".join(notes))
    if device_on_tracking:
        return Outcome("untriggered", "only the tracking backend ran it; it cannot follow a .device value | "
                       + " | ".join(notes))
    return Outcome("refuted", " | ".join(notes))


def judge_on_lazy(site: dict, case: Case, path_suffix: str, lines: set[int], where: str) -> Outcome:
    """The same verdict with a real second device (lazy_device.run_call): a raised mismatch is the crash."""
    import traceback

    import lazy_device

    crashed, notes, completed_all = [], [], True
    for level in site["levels"]:
        completed, error = lazy_device.run_call(case.build, case.call, level)
        if completed:
            notes.append(f"{level}: completed, no device mismatch [lazy device]")
            continue
        frames = traceback.extract_tb(error.__traceback__)
        at = [f for f in frames if f.filename.replace(os.sep, "/").endswith(path_suffix) and f.lineno in lines]
        if lazy_device.is_device_mismatch(error) and at:
            crashed.append(f"{level}: {type(error).__name__}: {str(error)[:80]} at line {at[-1].lineno} "
                           "[lazy device]")
        else:
            completed_all = False
            last = frames[-1] if frames else None
            notes.append(f"{level}: stopped by {type(error).__name__}: {str(error)[:120]}"
                         + (f" at {Path(last.filename).name}:{last.lineno}" if last else "") + " [lazy device]")
    if crashed:
        return Outcome("confirmed", " | ".join(crashed + notes))
    if not completed_all:
        return Outcome("untriggered", " | ".join(notes))
    return Outcome("refuted", " | ".join(notes) + f" (checked {where})")


def lint_site_files(tree: str, sites: list[dict]) -> list[dict]:
    """`offload-lint --output-format json` on the files that hold the tree's sites (one run per tree)."""
    import json
    import subprocess

    from score import package_dir

    files = sorted({str(package_dir(tree) / site["path"]) for site in sites if site["tree"] == tree})
    if not files:
        return []
    process = subprocess.run([sys.executable, "-m", "offload_lint", "--show-suppressed", "--output-format", "json",
                              "--no-cache", *files], capture_output=True, text=True)
    if process.returncode not in (0, 1):
        raise SystemExit(f"offload-lint failed on {tree} (exit {process.returncode}):\n{process.stderr[-2000:]}")
    return json.loads(process.stdout or "[]")


def finding_from_json(data: dict) -> Any:
    from offload_lint.finding import Finding

    return Finding(data["path"], int(data["line"]), int(data["column"]), int(data["end_line"]), int(data["end_column"]),
                   data["code"], data["name"], data["message"], class_name=data.get("class"),
                   method=data.get("method"), levels=tuple(data.get("levels") or ()), attribute=data.get("attribute"),
                   module=data.get("module"))


def automatic(sites: list[dict], trees: list[str], show: bool = False) -> int:
    """What the stock confirmer (no case, no factory, no call: what `offload-lint --confirm` runs) says about the
    linter's findings on the sites' lines, per tree and rule, against the labels. ``show``: each site's verdict and
    evidence too (with ``--site``, to follow one site)."""
    import collections

    sys.path.insert(0, str(HERE.parent))
    from confirm_coverage import reason_of
    from offload_lint.confirm.join import confirm_findings
    from score import relative_to_tree

    for tree in trees:
        tree_sites = [site for site in sites if site["tree"] == tree]
        started = time.perf_counter()
        linted = lint_site_files(tree, tree_sites)
        at: dict[tuple[str, int], list[dict]] = collections.defaultdict(list)
        for data in linted:
            if data["code"] not in ("OFL000", "OFL900"):
                at[(relative_to_tree(tree, data["path"]), int(data["line"]))].append(data)
        chosen: list[tuple[dict, dict]] = []  # (site, the finding judged for it)
        for site in tree_sites:
            here = at.get((site["path"], int(site["line"])), [])
            codes = {site["code"], *site.get("also_codes", [])}
            match = [d for d in here if d["code"] in codes] or (here if site["label"] == "ok" else [])
            if match:
                chosen.append((site, match[0]))
        pairs = confirm_findings([finding_from_json(data) for _, data in chosen])
        verdicts = [verdict for finding, verdict in pairs if finding.code != "OFL900"]
        seconds = time.perf_counter() - started
        per_rule: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        agree = collections.Counter()
        reasons: dict[str, list[str]] = collections.defaultdict(list)
        for (site, data), verdict in zip(chosen, verdicts):
            per_rule[data["code"]][verdict.verdict] += 1
            if show:
                print(f"{site['id']}: {data['code']} {verdict.verdict}: {verdict.evidence[:1500]}")
            expected_confirmed = site["label"] == "bug"
            if verdict.verdict != "untriggered":
                agree["judged"] += 1
                agree["agree"] += (verdict.verdict == "confirmed") == expected_confirmed
            if verdict.verdict == "confirmed" and not expected_confirmed:
                agree["confirmed ok site"] += 1
                print(f"  CONFIRMED AN OK SITE: {site['id']}: {verdict.evidence[:300]}")
            if verdict.verdict == "untriggered":
                reasons[reason_of(verdict.evidence)].append(site["id"])
        print(f"\n## {tree}: {len(tree_sites)} sites, {len(chosen)} with a finding on the line "
              f"({seconds:.0f} s lint and confirm)\n")
        print("| rule | findings on sites | confirmed | refuted | untriggered | with a verdict |")
        print("|---|---|---|---|---|---|")
        total = collections.Counter()
        for code in sorted(per_rule):
            counts = per_rule[code]
            n = sum(counts.values())
            total.update(counts)
            print(f"| {code} | {n} | {counts['confirmed']} | {counts['refuted']} | {counts['untriggered']} | "
                  f"{100 * (counts['confirmed'] + counts['refuted']) / n:.0f} % |")
        n = sum(total.values())
        print(f"| **all** | {n} | {total['confirmed']} | {total['refuted']} | {total['untriggered']} | "
              f"**{100 * (total['confirmed'] + total['refuted']) / max(n, 1):.1f} %** |")
        print(f"\nverdicts that agree with the label: {agree['agree']} of {agree['judged']}; "
              f"ok sites confirmed: {agree['confirmed ok site']}\n")
        if reasons:
            print("| untriggered reason | sites |\n|---|---|")
            for reason, ids in sorted(reasons.items(), key=lambda item: -len(item[1])):
                print(f"| {reason} | {len(ids)}: {', '.join(ids)} |")
    return 0


def load_sites() -> list[dict]:
    return tomllib.loads((HERE / "sites.toml").read_text())["site"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", nargs="*", default=None, help="site ids (default: all)")
    parser.add_argument("--list", action="store_true", help="print the site ids and exit")
    parser.add_argument("--quiet", action="store_true", help="only print sites whose verdict changed")
    parser.add_argument("--record", action="store_true",
                        help="write each checked site's verdict and evidence into sites.toml")
    parser.add_argument("--automatic", nargs="*", metavar="TREE", default=None,
                        help="instead of the cases: the stock confirmer on the linter's findings at the sites' lines "
                             "(default trees: transformers diffusers)")
    args = parser.parse_args(argv)

    sites = load_sites()
    if args.automatic is not None:
        import logging
        import warnings

        warnings.filterwarnings("ignore")
        logging.disable(logging.WARNING)
        if args.site:
            sites = [site for site in sites if site["id"] in set(args.site)]
        return automatic(sites, args.automatic or ["transformers", "diffusers"], show=bool(args.site))
    if args.list:
        for site in sites:
            print(f"{site['id']:<36} {site['label']:<4} {site['code']} {site['runtime']:<11} {site['symbol']}")
        return 0
    import logging
    import warnings

    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import torch

    from cases import CASES
    from score import check_versions

    check_versions()

    wanted = set(args.site) if args.site else None
    unknown = (wanted or set()) - {s["id"] for s in sites}
    if unknown:
        print(f"unknown site id(s): {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    changed = 0
    outcomes: dict[str, Outcome] = {}
    for site in sites:
        if wanted is not None and site["id"] not in wanted:
            continue
        case = CASES.get(site["id"])
        started = time.perf_counter()
        torch.manual_seed(0)  # inputs are random: the same ones on every run
        if case is None:
            outcome = Outcome("untriggered", "no runtime case")
        else:
            try:
                outcome = judge(site, case)
            except Exception as error:  # a broken case is reported, the others still run
                outcome = Outcome("untriggered", f"case failed: {type(error).__name__}: {error}"[:300])
        outcomes[site["id"]] = outcome
        same = outcome.verdict == site["runtime"]
        changed += not same
        if not args.quiet or not same:
            mark = "ok  " if same else "DIFF"
            print(f"{mark} {site['id']} [{site['label']} {site['code']}] recorded={site['runtime']} "
                  f"now={outcome.verdict} ({time.perf_counter() - started:.1f} s)\n     {outcome.evidence}")
    print(f"\n{changed} verdict(s) differ from the recorded ones")
    if args.record:
        record(outcomes)
        print(f"recorded {len(outcomes)} verdict(s) in {HERE / 'sites.toml'}")
        return 0
    return 1 if changed else 0


def record(outcomes: dict[str, Outcome]) -> None:
    """Rewrite the `runtime` and `evidence` lines of the given sites, leaving the rest of the file as written."""
    import json

    path = HERE / "sites.toml"
    blocks = path.read_text().split("[[site]]")
    for index, block in enumerate(blocks):
        lines = block.split("\n")
        site_id = next((json.loads(l.split("=", 1)[1]) for l in lines if l.startswith("id = ")), None)
        if site_id not in outcomes:
            continue
        outcome = outcomes[site_id]
        for number, line in enumerate(lines):
            if line.startswith("runtime = "):
                lines[number] = f"runtime = {json.dumps(outcome.verdict)}"
            elif line.startswith("evidence = "):
                lines[number] = f"evidence = {json.dumps(outcome.evidence, ensure_ascii=False)}"
        blocks[index] = "\n".join(lines)
    path.write_text("[[site]]".join(blocks))


if __name__ == "__main__":
    sys.exit(main())
