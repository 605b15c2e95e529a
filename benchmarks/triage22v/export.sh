#!/usr/bin/env bash
# Export the corpora of triage round v (benchmarks/triage22v/VERSIONS) into $CORPORA/<name> (default /tmp/corp20),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22v/VERSIONS}" "${CORPORA:-/tmp/corp20}"
