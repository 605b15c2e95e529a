#!/usr/bin/env bash
# Export the corpora of triage round br (benchmarks/triage22br/VERSIONS: name source commit date py-count) into
# $CORPORA/<name> (default /tmp/corp68), file by file (as round aq's export.sh), `git ls-tree -r
# --name-only <commit>`, the .py/.yaml/.yml/.sh/.md/.json/.cfg/.toml/.txt paths with the top-level csrc/ and third_party/ left
# out (only at the tree's root; nested ones are kept), each written with `git cat-file blob <commit>:<path>`. Mirrors come from the `fetch` tool
# (MIRRORS, /work/.mirror by default).
set -eu
cd "$(dirname "$0")/../.."
VERSIONS=benchmarks/triage22br/VERSIONS CORPORA=${CORPORA:-/tmp/corp68} exec benchmarks/triage22_export.sh
