#!/bin/sh
# Regenerates Puppet's answers for the batch-mode environment:
# tests/batch/expected/<node>.json for every node of tests/batch/nodes.txt,
# written by Puppet 7.23 (Debian's puppet-agent) through the oracle with
# that node's facts (tests/batch/facts/<node>.json), the environment's main
# manifest and its modules. Needs Puppet; the tests do not.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir="$here/../batch"
oracle=${ORACLE:-"$here/../../../shared/oracle/oracle.rb"}
env="$dir/env/production"
mkdir -p "$dir/expected"
grep -v '^#' "$dir/nodes.txt" | while read -r node; do
    [ -n "$node" ] || continue
    ruby "$oracle" --mode compile --relative-paths -q --stdout --node "$node" \
        --facts "$dir/facts/$node.json" --modulepath "$env/modules" \
        "$env/manifests/site.pp" > "$dir/expected/$node.json"
done
