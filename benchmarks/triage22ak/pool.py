"""Filter round ak's whole-package lint (all.json, run with --show-suppressed) to the draw pool.

pool.json: the shown findings (no `suppressed_by`; OFL000 left out) whose path lies under
transformers/models/<fresh family>/ (fresh_families.txt). pool_suppressed.json: the suppressed findings of the same
families (kept apart for the suppression spot check). Prints counts by rule.

    python benchmarks/triage22ak/pool.py /tmp/t22ak/all.json /tmp/t22ak
"""
import json
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
src, out = sys.argv[1], sys.argv[2]
fams = {l.strip() for l in open(os.path.join(HERE, "fresh_families.txt")) if l.strip() and not l.startswith("#")}
data = json.load(open(src))


def family(path):
    parts = path.split("/transformers/models/", 1)
    return parts[1].split("/", 1)[0] if len(parts) == 2 and "/" in parts[1] else None


shown = [f for f in data if not f.get("suppressed_by") and f["code"] != "OFL000" and family(f["path"]) in fams]
supp = [f for f in data if f.get("suppressed_by") and family(f["path"]) in fams]
json.dump(shown, open(os.path.join(out, "pool.json"), "w"), indent=1)
json.dump(supp, open(os.path.join(out, "pool_suppressed.json"), "w"), indent=1)
all_shown = [f for f in data if not f.get("suppressed_by") and f["code"] != "OFL000"]
print(f"all findings {len(data)}: shown {len(all_shown)}, suppressed {len(data) - len(all_shown)}")
print(f"shown under models/: {sum(1 for f in all_shown if family(f['path']))}")
print(f"pool (fresh families, shown): {len(shown)} in {len({family(f['path']) for f in shown})} families, "
      f"{len({f['path'] for f in shown})} files: {dict(sorted(Counter(f['code'] for f in shown).items()))}")
print(f"suppressed of fresh families: {len(supp)}: {dict(sorted(Counter(f['code'] for f in supp).items()))}")
