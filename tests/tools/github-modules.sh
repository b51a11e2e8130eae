#!/bin/sh
# Unpacks the modules of tests/forge/github/modules.lock (current Forge
# modules Debian 13 lacks) at their pinned commits into
# target/github-modules, from local git clones: $PJIT_GITHUB_MIRROR/<owner>+<repo>/repo
# (default /work/.mirror, where the session's `fetch` puts them), else
# $PJIT_GITHUB_MIRROR/<repo>.git. For local runs only: CI cannot reach GitHub,
# and tests/forge.rs leaves these scenarios out when the directory is missing.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root="$here/../.."
out="${1:-$root/target/github-modules}"
mirror="${PJIT_GITHUB_MIRROR:-/work/.mirror}"
mkdir -p "$out"
grep -v '^#' "$here/../forge/github/modules.lock" | while read -r name repo tag commit; do
    [ -n "$name" ] || continue
    git_dir="$mirror/$(echo "$repo" | tr / +)/repo"
    [ -d "$git_dir" ] || git_dir="$mirror/$(basename "$repo").git"
    if [ ! -d "$git_dir" ]; then
        echo "github-modules: no clone of $repo under $mirror (git clone --mirror https://github.com/$repo)" >&2
        exit 1
    fi
    rm -rf "$out/$name.tmp" && mkdir "$out/$name.tmp"
    git --git-dir="$git_dir" archive "$commit" | tar -x -C "$out/$name.tmp"
    rm -rf "$out/$name" && mv "$out/$name.tmp" "$out/$name"
    echo "github-modules: $name $tag ($commit)"
done
