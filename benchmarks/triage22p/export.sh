#!/usr/bin/env bash
# Export the corpora of triage round p (benchmarks/triage22p/VERSIONS) into $CORPORA/<name> (default /tmp/corp14),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh benchmarks/triage22p/VERSIONS "${CORPORA:-/tmp/corp14}"
