#!/usr/bin/env bash
# Export the corpora of triage round z (benchmarks/triage22z/VERSIONS) into $CORPORA/<name> (default /tmp/corp24),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22z/VERSIONS}" "${CORPORA:-/tmp/corp24}"
