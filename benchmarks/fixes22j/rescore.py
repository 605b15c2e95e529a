"""Re-score round i's 60 rows against a measure.sh output folder (run from the repository root): usage rescore.py DIR."""
import json, sys
from collections import Counter
D = sys.argv[1]
sample = json.load(open('benchmarks/triage22i/sample.json'))
labels = json.load(open('benchmarks/triage22i/labels.json'))
found = {}
for r in ["SiT","mae","minRF","BLIP","Show-o","StyleTTS2","U-ViT"]:
    for f in json.load(open(f"{D}/corp7_{r}.json")):
        p = f['path'].split('/tmp/corp7/',1)[1]
        found.setdefault((p, f['line'], f['code']), []).append(f)
tally = Counter(); rows=[]
for i, row in enumerate(sample, 1):
    lab = labels[str(i)]
    fs = found.get((row['path'], row['line'], row['code']), [])
    st = 'gone' if not fs else ('suppressed' if all(f.get('suppressed_by') for f in fs) else 'shown')
    tally[(lab['label'], st)] += 1
    if st != 'shown': rows.append((i, row['code'], row['path'], row['line'], lab['label'], lab.get('cause',''), st, fs[0].get('suppressed_by','') if fs else ''))
for r in rows: print(r)
print(dict(tally))
shown = [(labels[str(i)]['label']) for i,row in enumerate(sample,1) if found.get((row['path'],row['line'],row['code'])) and not all(f.get('suppressed_by') for f in found[(row['path'],row['line'],row['code'])])]
t = shown.count('true'); n=len(shown)
import math
def wilson(k,n,z=1.96):
    p=k/n; d=1+z*z/n; c=p+z*z/(2*n); r=z*math.sqrt(p*(1-p)/n+z*z/(4*n*n)); return (c-r)/d,(c+r)/d
print(f"shown rows {n}, true {t}, precision {t/n:.3f}, wilson {wilson(t,n)}")
