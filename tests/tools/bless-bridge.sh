#!/bin/sh
# Regenerates Puppet's answers for the Ruby bridge cases:
# tests/bridge/cases/x.json beside each x.pp, written by Puppet 7.23
# (Debian's puppet package) through the oracle, with the bridgetest module
# (tests/bridge/modules) and the facts of tests/eval/facts.json.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir="$here/../bridge"
oracle=${ORACLE:-"$here/../../../shared/oracle/oracle.rb"}
[ -f "$oracle" ] || oracle=/work/shared/oracle/oracle.rb
cd "$dir"
ruby "$oracle" --mode compile --relative-paths -q --facts ../eval/facts.json \
    --node testnode.example.com --modulepath modules --out cases cases
