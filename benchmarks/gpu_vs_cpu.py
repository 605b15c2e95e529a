"""The runtime verdicts of a GPU run against those of a CPU run of the same command, row by row.

    python benchmarks/gpu_vs_cpu.py readiness CPU.json[.gz] GPU.json[.gz]   # offload-lint readiness ... --confirm
    python benchmarks/gpu_vs_cpu.py findings CPU.json[.gz] GPU.json[.gz]    # offload-lint PATH --confirm

readiness: the CPU run is ``--backend tracking`` (streams rows unknown), the GPU run ``--backend cuda``. Prints, for
rows with streams off, how many both runs decided and how many agree (95 % Wilson interval); for the streams rows
only the GPU decides, how many it decided and how many have the verdict of the same row without streams; and every
row whose verdicts differ (CPU against GPU, or streams against no streams). findings: each finding (file name, line,
rule, levels) with its verdict from both runs; prints the pairs and every finding whose verdict differs.
The runs of 2026-12-04 are in benchmarks/gpu/2026-12-04 (docs/gpu-checks.md).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
from collections import Counter

from readiness_agreement import wilson

DECIDED = ("fails", "passes")


def load(path: str) -> list[dict]:
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as handle:
        return json.load(handle)


def runtime(row: dict | None) -> str | None:
    return ((row or {}).get("runtime") or {}).get("verdict")


def compare_readiness(cpu_rows: list[dict], gpu_rows: list[dict]) -> None:
    key = lambda row: (row["pipeline"].rsplit(".", 1)[-1], row["component"], row["level"], row["streams"])  # noqa: E731
    cpu = {key(row): row for row in cpu_rows}
    gpu = {key(row): row for row in gpu_rows}
    plain = [k for k in gpu if not k[3]]
    both = [k for k in plain if runtime(cpu.get(k)) in DECIDED and runtime(gpu[k]) in DECIDED]
    agree = [k for k in both if runtime(cpu[k]) == runtime(gpu[k])]
    low, high = wilson(len(agree), len(both))
    print(f"rows without streams: {len(plain)}; decided by both runs: {len(both)}; same verdict: {len(agree)} "
          f"({len(agree) / max(len(both), 1):.1%}, 95 % Wilson {low:.1%}-{high:.1%})")
    print("  (cpu, gpu) verdicts:", dict(Counter((runtime(cpu.get(k)), runtime(gpu[k])) for k in plain)))
    streamed = [k for k in gpu if k[3]]
    decided = [k for k in streamed if runtime(gpu[k]) in DECIDED]
    alike = [k for k in decided if runtime(gpu[k]) == runtime(gpu.get((*k[:3], False)))]
    low, high = wilson(len(alike), len(decided))
    print(f"streams rows: {len(streamed)}; decided on the GPU: {len(decided)}; same verdict as without streams: "
          f"{len(alike)} ({len(alike) / max(len(decided), 1):.1%}, 95 % Wilson {low:.1%}-{high:.1%})")
    print("  (static, gpu) verdicts on streams rows:",
          dict(Counter((gpu[k]["verdict"], runtime(gpu[k])) for k in streamed)))
    for k in sorted(set(plain) - set(agree)):
        if runtime(cpu.get(k)) != runtime(gpu[k]):
            print(f"  differs cpu/gpu: {k}: {runtime(cpu.get(k))} / {runtime(gpu[k])}")
    for k in sorted(set(decided) - set(alike)):
        print(f"  differs with streams: {k}: {runtime(gpu.get((*k[:3], False)))} -> {runtime(gpu[k])}")


def compare_findings(cpu_findings: list[dict], gpu_findings: list[dict]) -> None:
    key = lambda f: (os.path.basename(f["path"]), f["line"], f["code"], f.get("level"))  # noqa: E731
    cpu = {key(f): f for f in cpu_findings}
    gpu = {key(f): f for f in gpu_findings}
    shared = sorted(set(cpu) & set(gpu))
    pairs = Counter((cpu[k]["verdict"], gpu[k]["verdict"]) for k in shared)
    same = sum(n for (a, b), n in pairs.items() if a == b)
    print(f"findings: cpu {len(cpu)}, gpu {len(gpu)}, in both {len(shared)}; same verdict {same}")
    print("  (cpu, gpu) verdicts:", dict(pairs))
    print("  backends on the GPU:", dict(Counter(f["backend"] for f in gpu_findings)))
    for k in shared:
        if cpu[k]["verdict"] != gpu[k]["verdict"]:
            print(f"  differs: {k}: {cpu[k]['verdict']} / {gpu[k]['verdict']}: {(gpu[k].get('evidence') or '')[:160]}")
    for k in sorted(set(cpu) ^ set(gpu)):
        side = "cpu" if k in cpu else "gpu"
        print(f"  only on the {side}: {k}: {(cpu.get(k) or gpu.get(k))['message'][:160]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=("readiness", "findings"))
    parser.add_argument("cpu")
    parser.add_argument("gpu")
    args = parser.parse_args()
    compare = compare_readiness if args.kind == "readiness" else compare_findings
    compare(load(args.cpu), load(args.gpu))


if __name__ == "__main__":
    main()
