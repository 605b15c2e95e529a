#!/usr/bin/env bash
# Export the corpora of triage round ad (benchmarks/triage22ad/VERSIONS) into $CORPORA/<name> (default /tmp/corp28),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22ad/VERSIONS}" "${CORPORA:-/tmp/corp28}"
