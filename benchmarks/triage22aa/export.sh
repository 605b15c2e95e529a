#!/usr/bin/env bash
# Export the corpora of triage round aa (benchmarks/triage22aa/VERSIONS) into $CORPORA/<name> (default /tmp/corp25),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22aa/VERSIONS}" "${CORPORA:-/tmp/corp25}"
