#!/usr/bin/env bash
# Export the corpora of triage round an (benchmarks/triage22an/VERSIONS: name source commit date) into
# $CORPORA/<name> (default /tmp/corp38), as the main session exported them: the whole `git archive` of the commit
# (the mirror's HEAD), untarred. Where the archive cannot be written (LAVIS: the mirror misses blobs), file by file
# with `git cat-file blob <commit>:<path>` for the .py/.yaml/.yml/.json/.md/.sh/.cfg/.toml/.txt files whose blob is
# present. Mirrors come from the `fetch` tool (MIRRORS, /work/.mirror by default).
set -eu -o pipefail
cd "$(dirname "$0")/../.."
VERSIONS=${VERSIONS:-benchmarks/triage22an/VERSIONS}
DEST=${CORPORA:-/tmp/corp38}
MIRRORS=${MIRRORS:-/work/.mirror}
while read -r name source commit _; do
    [ -z "$name" ] && continue
    owner=${source#github:}; git_dir=$MIRRORS/${owner/\//+}/repo; [ -d "$git_dir/.git" ] && git_dir=$git_dir/.git
    rm -rf "${DEST:?}/$name"; mkdir -p "$DEST/$name"
    if ! git --git-dir="$git_dir" archive "$commit" 2>/dev/null | tar -x -C "$DEST/$name" 2>/dev/null; then
        rm -rf "${DEST:?}/$name"; mkdir -p "$DEST/$name"   # drop what the broken archive wrote
        git --git-dir="$git_dir" ls-tree -r --name-only "$commit" \
            | grep -E '\.(py|ya?ml|json|md|sh|cfg|toml|txt)$' \
            | while IFS= read -r path; do
                mkdir -p "$DEST/$name/$(dirname "$path")"
                git --git-dir="$git_dir" cat-file blob "$commit:$path" > "$DEST/$name/$path" 2>/dev/null \
                    || rm -f "$DEST/$name/$path"
            done
    fi
    echo "$name $(find "$DEST/$name" -name '*.py' | wc -l) py"
done < "$VERSIONS"
