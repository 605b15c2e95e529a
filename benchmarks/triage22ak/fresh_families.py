"""List the fresh transformers families of triage round ak (docs/triage-issue22-ak.md).

A family is a directory of transformers/models/ (transformers 5.24.0, the unpacked wheel); it is fresh when its name
appears in no file under this checkout's docs/ and benchmarks/, neither as `models/<name>/` nor as a whole word
(regex word boundaries; `_` counts as a word character, so `bert` does not match inside `bert_generation`).
--skip-listings leaves out files that are bare lists of family names (one name a line: triage22d's
undrawn_families.txt / excluded_families.txt), which name every family without reading any.
Prints the count and the list (one name a line) to stdout.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def texts(skip_listings, skip_self):
    for top in ("docs", "benchmarks"):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            for f in files:
                p = os.path.join(d, f)
                if skip_self and os.path.dirname(p) == os.path.dirname(os.path.abspath(__file__)):
                    continue
                try:
                    t = open(p, encoding="utf-8", errors="replace").read()
                except OSError:
                    continue
                if skip_listings and re.fullmatch(r"(\s*[A-Za-z0-9_]+\s*\n)+\s*", t or "x"):
                    continue
                yield p, t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--models", default="/tmp/pkgs/tf524/transformers/models")
    ap.add_argument("--skip-listings", action="store_true")
    a = ap.parse_args()
    fams = sorted(n for n in os.listdir(a.models) if os.path.isdir(os.path.join(a.models, n)) and n != "__pycache__")
    corpus = [t for _, t in texts(a.skip_listings, True)]
    blob = "\n".join(corpus)
    words = set(re.findall(r"\b\w+\b", blob))
    fresh = [n for n in fams if n not in words and f"models/{n}/" not in blob]
    print(f"# {len(fresh)} of {len(fams)} families fresh", file=sys.stderr)
    print(f"# {len(fresh)} of {len(fams)} families fresh")
    for n in fresh:
        print(n)


if __name__ == "__main__":
    main()
