#!/usr/bin/env bash
# Export the corpora of triage round y (benchmarks/triage22y/VERSIONS) into $CORPORA/<name> (default /tmp/corp23),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22y/VERSIONS}" "${CORPORA:-/tmp/corp23}"
