#!/usr/bin/env bash
# usage: lint_all.sh LINTER OUT
set -u
LINTER=$1; OUT=$2; mkdir -p "$OUT"
D=$(python -c "import diffusers,os;print(os.path.dirname(diffusers.__file__))")
T=$(python -c "import transformers,os;print(os.path.dirname(transformers.__file__))")/models
(cd "$LINTER" && git rev-parse HEAD) > "$OUT/commit.txt"
run() { (cd /tmp && PYTHONPATH="$LINTER" python -m offload_lint "$1" --no-cache --output-format json --exit-zero -j 1) > "$OUT/$2.json" 2>"$OUT/$2.err"; }
run "$D" diffusers
run "$T" transformers
for c in corp2 corp3 corp4 corp5 corp6; do for r in /tmp/$c/*/; do n=$(basename $r); run "$r" "${c}__$n"; done; done
echo done > "$OUT/DONE"
