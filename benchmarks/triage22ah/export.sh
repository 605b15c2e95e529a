#!/usr/bin/env bash
# Export the corpora of triage round ah (benchmarks/triage22ah/VERSIONS) into $CORPORA/<name> (default /tmp/corp32),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22ah/VERSIONS}" "${CORPORA:-/tmp/corp32}"
