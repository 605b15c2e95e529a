#!/usr/bin/env bash
# Export the corpora of triage round u (benchmarks/triage22u/VERSIONS) into $CORPORA/<name> (default /tmp/corp19),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22u/VERSIONS}" "${CORPORA:-/tmp/corp19}"
