#!/usr/bin/env bash
# Export the corpora of triage round t (benchmarks/triage22t/VERSIONS) into $CORPORA/<name> (default /tmp/corp18),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22t/VERSIONS}" "${CORPORA:-/tmp/corp18}"
