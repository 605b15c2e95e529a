"""Tables of the issue-22 "e" triage (docs/triage-issue22-e.md) from the sample and its labels.

    python benchmarks/triage22e_tally.py benchmarks/triage22e/sample.json benchmarks/triage22e/labels.json \
        [--findings /tmp/t22e]      (the per-corpus findings files: the strata weights)

labels.json maps a row number (1-based, sample order) to [label, cause]: T true, F false, C false by default but
true under a constructor option nothing in the corpus sets (counted false; "lenient" counts it true), "?" not
labelled yet (left out of every count).
"""

from __future__ import annotations

import argparse
import json
import math
from collections import Counter, defaultdict

CORPUS_OF_TREE = {
    "DiT": "dit", "guided-diffusion": "dit", "PixArt-sigma": "dit", "HunyuanDiT": "dit",
    "imagen-pytorch": "imagen", "LTX-Video": "video", "mochi": "video", "mamba": "mamba",
    "LLaVA": "vlm", "open_flamingo": "vlm", "chameleon": "vlm", "bark": "audio", "stable-audio-tools": "audio",
    "transformers": "transformers",
}
CORPORA = ["dit", "imagen", "video", "mamba", "vlm", "audio", "transformers"]


def wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    if total == 0:
        return 0.0, 1.0
    p = successes / total
    centre = p + z * z / (2 * total)
    spread = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    denominator = 1 + z * z / total
    return (centre - spread) / denominator, (centre + spread) / denominator


def row(name: str, rows: list[tuple[str, str]]) -> str:
    n = len(rows)
    true = sum(1 for label, _ in rows if label == "T")
    lenient = true + sum(1 for label, _ in rows if label == "C")
    low, high = wilson(true, n)
    share = f"{100 * true / n:.1f} %" if n else "-"
    return f"| {name} | {n} | {true} | {share} | {100 * low:.1f}–{100 * high:.1f} % | {lenient} |"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sample")
    parser.add_argument("labels")
    parser.add_argument("--findings", help="directory with <corpus>.json findings files (strata weights)")
    args = parser.parse_args()
    sample = json.load(open(args.sample))
    labels = json.load(open(args.labels))
    by_rule: dict[str, list] = defaultdict(list)
    by_corpus: dict[str, list] = defaultdict(list)
    strata: dict[tuple[str, str], list] = defaultdict(list)
    causes: Counter = Counter()
    for number, finding in enumerate(sample, 1):
        label, cause = labels.get(str(number), ["?", ""])
        if label == "?":
            continue
        corpus = CORPUS_OF_TREE[finding["tree"]]
        by_rule[finding["code"]].append((label, cause))
        by_corpus[corpus].append((label, cause))
        strata[(corpus, finding["code"])].append((label, cause))
        if label != "T":
            causes[cause] += 1
    print("| rule | sampled | true | precision | 95 % Wilson | lenient (C true) |\n|---|---|---|---|---|---|")
    for code in sorted(by_rule):
        print(row(code, by_rule[code]))
    print(row("**all**", [r for rows in by_rule.values() for r in rows]))
    print("\n| corpus | sampled | true | precision | 95 % Wilson | lenient (C true) |\n|---|---|---|---|---|---|")
    for corpus in CORPORA:
        if by_corpus.get(corpus):
            print(row(corpus, by_corpus[corpus]))
    print("\nfalse rows by cause:", dict(causes.most_common()))
    if args.findings:
        counts: Counter = Counter()
        for corpus in CORPORA:
            for finding in json.load(open(f"{args.findings}/{corpus}.json")):
                counts[(corpus, finding["code"])] += 1
        total = sum(counts.values())
        weighted = lenient = 0.0
        covered = 0
        for key, count in counts.items():
            rows = strata.get(key)
            if not rows:
                continue
            covered += count
            weighted += count * sum(1 for label, _ in rows if label == "T") / len(rows)
            lenient += count * sum(1 for label, _ in rows if label in "TC") / len(rows)
        print(f"\nweighted by (corpus, rule) strata: {100 * weighted / covered:.1f} % (lenient {100 * lenient / covered:.1f} %) "
              f"over {covered} of {total} findings (strata with a sampled row)")
        for corpus in CORPORA:
            own = {k: v for k, v in counts.items() if k[0] == corpus and strata.get(k)}
            n = sum(own.values())
            if n:
                w = sum(v * sum(1 for label, _ in strata[k] if label == "T") / len(strata[k]) for k, v in own.items())
                print(f"  {corpus}: {100 * w / n:.0f} % over {n} of {sum(v for k, v in counts.items() if k[0] == corpus)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
