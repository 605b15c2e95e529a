"""Pick the blind recall files of triage round ak: the modeling_*.py files (not modular_*.py) of the fresh families
(fresh_families.txt) in the exported corpus with 300-1500 lines, sorted by path, then random.Random(seed).sample(n).
Prints path<TAB>lines."""
import argparse
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("--seed", type=int, required=True)
ap.add_argument("--n", type=int, default=6)
ap.add_argument("--corpus", default="/tmp/corp35/transformers")
a = ap.parse_args()
fams = [l.strip() for l in open(os.path.join(HERE, "fresh_families.txt")) if l.strip() and not l.startswith("#")]
cands = []
for f in fams:
    d = os.path.join(a.corpus, "models", f)
    for name in sorted(os.listdir(d)):
        if name.startswith("modeling_") and name.endswith(".py"):
            p = os.path.join(d, name)
            n = sum(1 for _ in open(p, encoding="utf-8"))
            if 300 <= n <= 1500:
                cands.append((os.path.relpath(p, os.path.dirname(a.corpus)), n))
cands.sort()
print(f"# {len(cands)} candidates, seed {a.seed}")
for p, n in random.Random(a.seed).sample(cands, a.n):
    print(f"{p}\t{n}")
