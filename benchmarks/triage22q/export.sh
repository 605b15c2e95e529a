#!/usr/bin/env bash
# Export the corpora of triage round q (benchmarks/triage22q/VERSIONS) into $CORPORA/<name> (default /tmp/corp15),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh benchmarks/triage22q/VERSIONS "${CORPORA:-/tmp/corp15}"
