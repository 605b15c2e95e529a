"""Compare two measure.sh output folders by (path, line, code, strategies, suppressed): usage cmp.py BEFORE AFTER."""
import json, sys, os
from collections import Counter
A, B = sys.argv[1], sys.argv[2]
names = ["corp7_SiT","corp7_mae","corp7_minRF","corp7_BLIP","corp7_Show-o","corp7_StyleTTS2","corp7_U-ViT","diffusers","transformers","diffusers_all"]
def key(f):
    p=f['path']
    for m in ('/tmp/corp7/','site-packages/'):
        if m in p: p=p.split(m,1)[1]
    return (p, f['line'], f['code'], tuple(f.get('strategies') or ()))
for n in names:
    a=json.load(open(f"{A}/{n}.json")); b=json.load(open(f"{B}/{n}.json"))
    a=[f for f in a if f['code']!='OFL000']; b=[f for f in b if f['code']!='OFL000']
    sa=Counter(key(f)+(bool(f.get('suppressed_by')),) for f in a); sb=Counter(key(f)+(bool(f.get('suppressed_by')),) for f in b)
    shown_a=sum(1 for f in a if not f.get('suppressed_by')); shown_b=sum(1 for f in b if not f.get('suppressed_by'))
    print(f"{n}: shown {shown_a} -> {shown_b}; suppressed {len(a)-shown_a} -> {len(b)-shown_b}")
    for k in sorted((sb-sa).elements()): print("   +", k)
    for k in sorted((sa-sb).elements()): print("   -", k)
