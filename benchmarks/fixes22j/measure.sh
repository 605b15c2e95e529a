#!/usr/bin/env bash
# Lint the corp7 repositories, installed diffusers (default and --strategy all) and transformers models/ with the
# linter checkout LINTER into OUTDIR, every finding kept (--show-suppressed); docs/triage-issue22-i-fixes.md.
# usage: measure.sh LINTER OUTDIR
L=$1; O=$2; mkdir -p $O
D=/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/diffusers
T=/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/transformers/models
run() { name=$1; shift; (cd /tmp && PYTHONPATH=$L timeout 3000 python -m offload_lint "$@" --no-cache --output-format json --exit-zero --show-suppressed) > $O/$name.json 2> $O/$name.err; echo "$name rc=$? $(date +%T)" >> $O/log; }
for r in SiT mae minRF BLIP Show-o StyleTTS2 U-ViT; do run corp7_$r /tmp/corp7/$r; done
run diffusers $D
run transformers $T
run diffusers_all $D --strategy all
