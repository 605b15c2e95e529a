#!/usr/bin/env bash
# Export the corpora of triage round o (benchmarks/triage22o/VERSIONS) into $CORPORA/<name> (default /tmp/corp13),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh benchmarks/triage22o/VERSIONS "${CORPORA:-/tmp/corp13}"
