#!/usr/bin/env bash
# Export one issue-22 library round's corpora (VERSIONS: name source commit date py-count) into $CORPORA/<name>, file
# by file, `git ls-tree -r --name-only <commit>`, the .py/.yaml/.yml/.sh/.md/.json/.cfg/.toml/.txt paths with the
# top-level csrc/ and third_party/ left out (only at the tree's root; nested ones are kept), each written with
# `git cat-file blob <commit>:<path>`. Mirrors come from the `fetch` tool (MIRRORS, /work/.mirror by default). The
# rounds' own export.sh (benchmarks/triage22ar/export.sh, ...) set VERSIONS and the default CORPORA.
set -eu -o pipefail
cd "$(dirname "$0")/.."
: "${VERSIONS:?}"
DEST=${CORPORA:?}
MIRRORS=${MIRRORS:-/work/.mirror}
while read -r name source commit _; do
    [ -z "$name" ] && continue
    owner=${source#github:}; git_dir=$MIRRORS/${owner/\//+}/repo; [ -d "$git_dir/.git" ] && git_dir=$git_dir/.git
    rm -rf "${DEST:?}/$name"; mkdir -p "$DEST/$name"
    git --git-dir="$git_dir" ls-tree -r --name-only "$commit" \
        | grep -E '\.(py|ya?ml|json|md|sh|cfg|toml|txt)$' \
        | grep -vE '^(csrc|third_party)/' \
        | while IFS= read -r path; do
            mkdir -p "$DEST/$name/$(dirname "$path")"
            git --git-dir="$git_dir" cat-file blob "$commit:$path" > "$DEST/$name/$path" 2>/dev/null \
                || rm -f "$DEST/$name/$path"
        done
    echo "$name $(find "$DEST/$name" -name '*.py' | wc -l) py"
done < "$VERSIONS"
