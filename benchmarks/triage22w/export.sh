#!/usr/bin/env bash
# Export the corpora of triage round w (benchmarks/triage22w/VERSIONS) into $CORPORA/<name> (default /tmp/corp21),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22w/VERSIONS}" "${CORPORA:-/tmp/corp21}"
