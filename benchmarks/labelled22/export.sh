#!/usr/bin/env bash
# Export the corpora of triage rounds g, i, j, k, l, m, n, o and p (benchmarks/triage22<round>/VERSIONS) into $CORPORA/<round>/<name>:
# at the commit each round used, the .py files, the .json/.yaml/.yml files under 200 KB (the linter reads configs under a
# tree), the notebooks, Markdown/reST docs and shell scripts under 2 MB (an application's name their code), the
# packaging files (pyproject.toml, setup.cfg: library or application) and an empty .git folder (a checkout's root).
# The mirrors come from the `fetch` tool (/work/.mirror/<owner>+<name>/repo).
set -eu
CORPORA=${CORPORA:-/tmp/tc}
MIRRORS=${MIRRORS:-/work/.mirror}
cd "$(dirname "$0")/.."
for round in g i j k l m n o p; do
    while read -r name source commit _; do
        [ -z "$name" ] && continue
        owner=${source#github:}; git_dir=$MIRRORS/${owner/\//+}/repo; [ -d "$git_dir/.git" ] && git_dir=$git_dir/.git
        [ -d "$git_dir" ] || { echo "missing mirror: $source" >&2; continue; }
        git --git-dir="$git_dir" cat-file -e "$commit" 2>/dev/null || commit=HEAD
        mkdir -p "$CORPORA/$round/$name"
        git --git-dir="$git_dir" ls-tree -r -l "$commit" \
            | awk '$5 ~ /\.py$/ || ($4 < 200000 && $5 ~ /\.(ya?ml|json)$/) || ($4 < 2000000 && $5 ~ /\.(ipynb|md|rst|sh)$/) \
                   || $5 == "pyproject.toml" || $5 == "setup.cfg" {print $5}' \
            | xargs -d '\n' git --git-dir="$git_dir" archive "$commit" | tar -x -C "$CORPORA/$round/$name"
        mkdir -p "$CORPORA/$round/$name/.git"
    done < "triage22$round/VERSIONS"
done
