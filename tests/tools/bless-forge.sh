#!/bin/sh
# Regenerates Puppet's answers for the current-module corpus
# (tests/forge): x.json beside each scenario x.pp, written by Puppet 7.23
# (Debian's puppet package) through the oracle, over Debian 13's module
# releases (target/trixie-modules, from tests/tools/trixie-modules.sh) with
# the Debian 13 facts of tests/forge/facts.json; the scenarios of
# tests/forge/hiera/scenarios with tests/forge/hiera/hiera.yaml as the
# global Hiera configuration; those of tests/forge/github/scenarios over
# target/github-modules too (modules Debian lacks, fetched from GitHub for
# local runs only: tests/forge/github/modules.lock).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root="$here/../.."
dir="$here/../forge"
oracle=${ORACLE:-"$root/../shared/oracle/oracle.rb"}
[ -f "$oracle" ] || oracle=/work/shared/oracle/oracle.rb
mods="$root/target/trixie-modules"
[ -d "$mods/stdlib" ] || "$here/trixie-modules.sh"
cd "$dir"
ruby "$oracle" --relative-paths -q --facts facts.json --node testnode.example.com \
    --modulepath "$mods" --out scenarios scenarios
ruby "$oracle" --relative-paths -q --facts facts.json --node testnode.example.com \
    --modulepath "$mods" --hiera-config hiera/hiera.yaml --out hiera/scenarios hiera/scenarios
if [ -d "$root/target/github-modules" ]; then
    ruby "$oracle" --relative-paths -q --facts facts.json --node testnode.example.com \
        --modulepath "$root/target/github-modules:$mods" --out github/scenarios github/scenarios
fi
