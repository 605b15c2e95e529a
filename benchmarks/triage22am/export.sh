#!/usr/bin/env bash
# Export the corpora of triage round am (benchmarks/triage22am/VERSIONS: `name github:owner/repo commit date`) into
# $CORPORA/<name> (default /tmp/corp37), as the main session exported them: the whole tree of the mirror's commit via
# `git archive | tar -x` (kornia, torchtune, litgpt); for whisper and esm, whose mirrors' archives miss blobs, file by
# file with `git cat-file blob <commit>:<path>`, for the .py, .yaml/.yml, .json, .md, .sh, .cfg, .toml and .txt files
# of the tree. The mirrors come from the `fetch` tool (MIRRORS, /work/.mirror by default).
set -eu
cd "$(dirname "$0")/../.."
VERSIONS=${VERSIONS:-benchmarks/triage22am/VERSIONS}
DEST=${CORPORA:-/tmp/corp37}
MIRRORS=${MIRRORS:-/work/.mirror}
while read -r name source commit _; do
    [ -z "$name" ] && continue
    owner=${source#github:}; git_dir=$MIRRORS/${owner/\//+}/repo; [ -d "$git_dir/.git" ] && git_dir=$git_dir/.git
    mkdir -p "$DEST/$name"
    case $name in
    whisper|esm)
        git --git-dir="$git_dir" ls-tree -r --name-only "$commit" \
            | grep -E '\.(py|ya?ml|json|md|sh|cfg|toml|txt)$' \
            | while IFS= read -r path; do
                mkdir -p "$DEST/$name/$(dirname "$path")"
                git --git-dir="$git_dir" cat-file blob "$commit:$path" > "$DEST/$name/$path"
              done ;;
    *)
        git --git-dir="$git_dir" archive "$commit" | tar -x -C "$DEST/$name" ;;
    esac
    echo "$name $(find "$DEST/$name" -name '*.py' | wc -l) py"
done < "$VERSIONS"
