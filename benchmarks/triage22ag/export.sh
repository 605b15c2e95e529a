#!/usr/bin/env bash
# Export the corpora of triage round ag (benchmarks/triage22ag/VERSIONS) into $CORPORA/<name> (default /tmp/corp31),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22ag/VERSIONS}" "${CORPORA:-/tmp/corp31}"
