#!/usr/bin/env bash
# Export the corpora of triage round af (benchmarks/triage22af/VERSIONS) into $CORPORA/<name> (default /tmp/corp30),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22af/VERSIONS}" "${CORPORA:-/tmp/corp30}"
