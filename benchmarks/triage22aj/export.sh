#!/usr/bin/env bash
# Export the corpora of triage round aj (benchmarks/triage22aj/VERSIONS) into $CORPORA/<name> (default /tmp/corp34),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22aj/VERSIONS}" "${CORPORA:-/tmp/corp34}"
