import json, sys, os, glob
from collections import Counter
b, a = sys.argv[1], sys.argv[2]
out = []
tot_b = tot_a = 0
for path in sorted(p for p in glob.glob(f"{b}/*.json") if not p.endswith("/new.json")):
    name = os.path.basename(path)[:-5]
    fb = [f for f in json.load(open(path)) if f['code'] != 'OFL000']
    fa = [f for f in json.load(open(f"{a}/{name}.json")) if f['code'] != 'OFL000']
    kb = Counter((f['path'], f['line'], f['code']) for f in fb); ka = Counter((f['path'], f['line'], f['code']) for f in fa)
    new = ka - kb; gone = kb - ka
    tot_b += len(fb); tot_a += len(fa)
    if new or gone or len(sys.argv) > 3:
        print(f"{name}: {len(fb)} -> {len(fa)} (+{sum(new.values())} -{sum(gone.values())})")
    for f in fa:
        k = (f['path'], f['line'], f['code'])
        if new.get(k):
            new[k] -= 1
            out.append(dict(tree=name, **f))
    for k in gone.elements():
        print("   GONE", k)
print("total", tot_b, "->", tot_a)
json.dump(out, open(f"{a}/new.json", "w"), indent=1)
print("new findings:", len(out))
