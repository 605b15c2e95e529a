"""Compare two measure.sh folders file by file: shown and total counts, and every finding gone or new by (path, line,
code, strategies, suppressed). usage: compare.py BEFORE AFTER"""
import json, sys, glob, os
a, b = sys.argv[1], sys.argv[2]
for f in sorted(glob.glob(a + "/*.json")):
    n = os.path.basename(f)
    A = json.load(open(f)); B = json.load(open(os.path.join(b, n)))
    key = lambda x: (x["path"], x["line"], x["code"], tuple(x.get("strategies") or ()), bool(x.get("suppressed_by")))
    ka = {key(x): x for x in A}; kb = {key(x): x for x in B}
    shown = lambda L: sum(1 for x in L if not x.get("suppressed_by"))
    gone = [k for k in ka if k not in kb]; new = [k for k in kb if k not in ka]
    same_bytes = open(f).read() == open(os.path.join(b, n)).read()
    print(f"{n}: shown {shown(A)} -> {shown(B)}, total {len(A)} -> {len(B)}, gone {len(gone)}, new {len(new)}, identical={same_bytes}")
    for k in gone: print("   -", k, ka[k]["message"][:160])
    for k in new: print("   +", k, kb[k]["message"][:160])
