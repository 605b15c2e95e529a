#!/usr/bin/env bash
# Export the corpora of triage round ab (benchmarks/triage22ab/VERSIONS) into $CORPORA/<name> (default /tmp/corp26),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22ab/VERSIONS}" "${CORPORA:-/tmp/corp26}"
