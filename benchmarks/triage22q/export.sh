#!/usr/bin/env bash
# Export the corpora of triage round q (benchmarks/triage22q/VERSIONS) into $CORPORA/<name> (default /tmp/corp15),
# as every round's are (benchmarks/export_corpus.sh). VERSIONS=<file> exports another list instead (the repositories
# added under the draw notes' rule: benchmarks/triage22q/VERSIONS_added, one line at a time).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22q/VERSIONS}" "${CORPORA:-/tmp/corp15}"
