#!/usr/bin/env bash
# Export the corpora of triage round s (benchmarks/triage22s/VERSIONS) into $CORPORA/<name> (default /tmp/corp17),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22s/VERSIONS}" "${CORPORA:-/tmp/corp17}"
