#!/usr/bin/env bash
# Export the corpora of triage round n (benchmarks/triage22n/VERSIONS) into $CORPORA/<name> (default /tmp/corp12),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh benchmarks/triage22n/VERSIONS "${CORPORA:-/tmp/corp12}"
