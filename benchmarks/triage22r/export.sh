#!/usr/bin/env bash
# Export the corpora of triage round r (benchmarks/triage22r/VERSIONS) into $CORPORA/<name> (default /tmp/corp16),
# as every round's are (benchmarks/export_corpus.sh). VERSIONS=<file> exports another list instead (the spare
# repositories of the draw notes' short-pool rule: benchmarks/triage22r/VERSIONS_spare, one line at a time).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22r/VERSIONS}" "${CORPORA:-/tmp/corp16}"
