#!/usr/bin/env bash
# Export the corpora of triage round x (benchmarks/triage22x/VERSIONS) into $CORPORA/<name> (default /tmp/corp22),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22x/VERSIONS}" "${CORPORA:-/tmp/corp22}"
