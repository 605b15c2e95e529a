#!/usr/bin/env bash
# Export the corpora of triage round al (benchmarks/triage22al/VERSIONS) into $CORPORA/<name> (default /tmp/corp36),
# as every round's are (benchmarks/export_corpus.sh).
set -eu
cd "$(dirname "$0")/../.."
benchmarks/export_corpus.sh "${VERSIONS:-benchmarks/triage22al/VERSIONS}" "${CORPORA:-/tmp/corp36}"
