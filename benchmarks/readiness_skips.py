"""Every group-offloading test a diffusers checkout skips, xfails, overrides or switches off, judged at runtime.

    python benchmarks/readiness_skips.py --tests DIFFUSERS/tests/pipelines --json rows.json [--markdown out.md]

``rows.json`` is ``offload-lint readiness <diffusers> --tests DIR --confirm --output-format json`` over (at least)
the pipelines those tests name. For each marker (``tests_config``: skip decorators, strict and plain xfails,
do-nothing overrides, ``test_group_offloading = False``) the components the skipped test offloads, at the levels
it runs, are looked up: the skip is **explained** when one of them fails at runtime (the table names the component,
level and the line the runtime evidence points at), **stale** when all of them pass at runtime, **unknown** when the
runtime could not decide a row it needs. The static verdict and its first cause stand beside it. The skip's own
comment is printed only to compare with, never used.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from offload_lint.readiness.tests_config import read_tests

# What the older single test offloads (the rest go to the device); the newer tests and the pipeline-level test
# offload every nn.Module component.
_OLDER_TEST_NAMES = ("text_encoder", "text_encoder_2", "text_encoder_3", "transformer", "transformer_2", "unet",
                     "controlnet")


def offloaded(marker, config, components: list[str]) -> list[str]:
    older_test = marker.test in ("test_group_offloading", "test_group_offloading_inference")
    if older_test and not config.list_form:
        names = config.hard_coded or _OLDER_TEST_NAMES
        return [c for c in components if c in names]
    return components


def judge(rows: list[dict]) -> tuple[str, list[dict]]:
    failing = [r for r in rows if (r.get("runtime") or {}).get("verdict") == "fails"]
    if failing:
        return "explained", failing
    if rows and all((r.get("runtime") or {}).get("verdict") == "passes" for r in rows):
        return "stale", []
    if any((r.get("runtime") or {}).get("verdict") == "unknown" and r["verdict"] == "opted-out" for r in rows):
        return "explained (opt-out)", [r for r in rows if r["verdict"] == "opted-out"]
    return "unknown", [r for r in rows if (r.get("runtime") or {}).get("verdict") not in ("fails", "passes")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tests", required=True)
    parser.add_argument("--json", required=True)
    parser.add_argument("--markdown")
    args = parser.parse_args()
    with open(args.json, encoding="utf-8") as handle:
        rows = [r for r in json.load(handle) if not r["streams"]]
    by_pipeline: dict[str, list[dict]] = {}
    for row in rows:
        by_pipeline.setdefault(row["pipeline"], []).append(row)
    lines = ["| test (marker) | pipeline | runtime | component, level: evidence | static | the skip's own words |",
             "|---|---|---|---|---|---|"]
    tally: Counter = Counter()
    seen = set()
    for config in read_tests(args.tests):
        for marker in config.markers:
            key = (marker.place.path, marker.place.line)
            if key in seen:
                continue
            seen.add(key)
            pipeline_rows = by_pipeline.get(config.pipeline_class, [])
            components = list(dict.fromkeys(r["component"] for r in pipeline_rows))
            names = offloaded(marker, config, components)
            wanted = [r for r in pipeline_rows if r["component"] in names and r["level"] in marker.levels]
            verdict, evidence_rows = judge(wanted) if pipeline_rows else ("unknown", [])
            tally[verdict] += 1
            evidence = "; ".join(
                f"`{r['component']}` {r['level']}: {((r.get('runtime') or {}).get('evidence') or r.get('reason') or '')[:160]}"
                for r in evidence_rows[:2]).replace("|", "\\|")
            static = "; ".join(f"`{r['component']}` {r['level']} {r['verdict']}"
                               + (f" ({r['findings'][0]['code']} {r['findings'][0]['path'].rsplit('/', 1)[-1]}:"
                                  f"{r['findings'][0]['line']})" if r["findings"] else "")
                               for r in wanted if r["verdict"] != "passes") or "all pass"
            where = marker.place.path.split("tests/pipelines/")[-1]
            lines.append(f"| {where}:{marker.place.line} `{marker.test}` ({marker.kind}) | {config.pipeline_class} | "
                         f"{verdict} | {evidence or '-'} | {static} | {marker.text[:90].replace('|', '/')} |")
    print(f"{sum(tally.values())} markers: " + ", ".join(f"{k} {v}" for k, v in tally.most_common()))
    print("\n".join(lines))
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
