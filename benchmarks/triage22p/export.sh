#!/usr/bin/env bash
# Export the corpora of triage round p (benchmarks/triage22p/VERSIONS) into $CORPORA/<name> (default /tmp/corp14), the
# way benchmarks/labelled22/export.sh exports rounds g-m: at the commit VERSIONS names, the .py files, the
# .json/.yaml/.yml files under 200 KB, the notebooks, Markdown/reST docs and shell scripts under 2 MB, the packaging
# files (pyproject.toml, setup.cfg) and an empty .git folder at the repository's root. Mirrors from the `fetch` tool.
set -eu
CORPORA=${CORPORA:-/tmp/corp14}
MIRRORS=${MIRRORS:-/work/.mirror}
cd "$(dirname "$0")/../.."
while read -r name source commit _; do
    [ -z "$name" ] && continue
    owner=${source#github:}; git_dir=$MIRRORS/${owner/\//+}/repo; [ -d "$git_dir/.git" ] && git_dir=$git_dir/.git
    [ -d "$git_dir" ] || { echo "missing mirror: $source" >&2; continue; }
    git --git-dir="$git_dir" cat-file -e "$commit" 2>/dev/null || commit=HEAD
    mkdir -p "$CORPORA/$name"
    git --git-dir="$git_dir" ls-tree -r -l "$commit" \
        | awk '$5 ~ /\.py$/ || ($4 < 200000 && $5 ~ /\.(ya?ml|json)$/) || ($4 < 2000000 && $5 ~ /\.(ipynb|md|rst|sh)$/) \
               || $5 == "pyproject.toml" || $5 == "setup.cfg" {print $5}' \
        | xargs -d '\n' git --git-dir="$git_dir" archive "$commit" | tar -x -C "$CORPORA/$name"
    mkdir -p "$CORPORA/$name/.git"
    echo "$name $(find "$CORPORA/$name" -name '*.py' | wc -l) py"
done < benchmarks/triage22p/VERSIONS
