#!/usr/bin/env bash
# Export the corpora of triage round ac (benchmarks/triage22ac/VERSIONS) into $CORPORA/<name> (default /tmp/corp27),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22ac/VERSIONS}" "${CORPORA:-/tmp/corp27}"
