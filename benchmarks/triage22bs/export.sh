#!/usr/bin/env bash
# Export the corpora of triage round bs (benchmarks/triage22bs/VERSIONS: name source commit date py-count) into
# $CORPORA/<name> (default /tmp/corp69), file by file (round bq's export.sh: benchmarks/triage22_export.sh, `git
# ls-tree -r --name-only <commit>`, the .py/.yaml/.yml/.sh/.md/.json/.cfg/.toml/.txt paths with the top-level csrc/ and
# third_party/ left out, each written with `git cat-file blob <commit>:<path>`). Mirrors come from the `fetch` tool
# (MIRRORS, /work/.mirror by default). One change, decided before linting: hydragnn's four vendored copies of fairchem
# (examples/<dataset>/fairchem/: open_molecules_2025 256, open_polymers_2026 77, open_materials_2024 51,
# open_catalyst_2025 51 .py; fairchem is a library earlier rounds linted) are removed after the export, so that this
# round measures code no earlier round triaged (hydragnn/utils/model/mace_utils, 7 .py adapted from MACE, is kept).
set -eu
cd "$(dirname "$0")/../.."
CORPORA=${CORPORA:-/tmp/corp69}
VERSIONS=benchmarks/triage22bs/VERSIONS CORPORA=$CORPORA benchmarks/triage22_export.sh
for d in "$CORPORA"/hydragnn/examples/*/fairchem; do rm -rf "$d"; done
echo "hydragnn after removing the vendored fairchem copies: $(find "$CORPORA/hydragnn" -name '*.py' | wc -l) py"
