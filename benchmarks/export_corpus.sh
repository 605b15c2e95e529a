#!/usr/bin/env bash
# Export the repositories a triage round names (VERSIONS: `name github:owner/repo commit date` per line) into
# DEST/<name>: at the commit named (the mirror's HEAD when the mirror lacks it), the .py files, the .json/.yaml/.yml
# files under 200 KB (the linter reads configs under a tree), the notebooks, Markdown/reST docs and shell scripts under
# 2 MB (an application's name its code), the packaging files (pyproject.toml, setup.cfg: library or application) and
# an empty .git folder (a checkout's root). The mirrors come from the `fetch` tool (MIRRORS, /work/.mirror by default;
# a mirror is kept as <owner>+<name>/repo, bare or with a .git folder).
#
#     benchmarks/export_corpus.sh VERSIONS DEST
set -eu
VERSIONS=$1
DEST=$2
MIRRORS=${MIRRORS:-/work/.mirror}
while read -r name source commit _; do
    [ -z "$name" ] && continue
    owner=${source#github:}; git_dir=$MIRRORS/${owner/\//+}/repo; [ -d "$git_dir/.git" ] && git_dir=$git_dir/.git
    [ -d "$git_dir" ] || { echo "missing mirror: $source" >&2; continue; }
    git --git-dir="$git_dir" cat-file -e "$commit" 2>/dev/null || commit=HEAD
    mkdir -p "$DEST/$name"
    git --git-dir="$git_dir" ls-tree -r -l "$commit" \
        | awk '$5 ~ /\.py$/ || ($4 < 200000 && $5 ~ /\.(ya?ml|json)$/) || ($4 < 2000000 && $5 ~ /\.(ipynb|md|rst|sh)$/) \
               || $5 == "pyproject.toml" || $5 == "setup.cfg" {print $5}' \
        | xargs -d '\n' git --git-dir="$git_dir" archive "$commit" | tar -x -C "$DEST/$name"
    mkdir -p "$DEST/$name/.git"
    echo "$name $(find "$DEST/$name" -name '*.py' | wc -l) py"
done < "$VERSIONS"
