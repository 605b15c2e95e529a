#!/usr/bin/env bash
# Export the corpora of triage round ae (benchmarks/triage22ae/VERSIONS) into $CORPORA/<name> (default /tmp/corp29),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22ae/VERSIONS}" "${CORPORA:-/tmp/corp29}"
