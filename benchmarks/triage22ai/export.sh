#!/usr/bin/env bash
# Export the corpora of triage round ai (benchmarks/triage22ai/VERSIONS) into $CORPORA/<name> (default /tmp/corp33),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22ai/VERSIONS}" "${CORPORA:-/tmp/corp33}"
