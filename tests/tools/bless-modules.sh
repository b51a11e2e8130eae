#!/bin/sh
# Regenerates Puppet's catalogs for the real-module scenarios:
# tests/modules/scenarios/x.json beside each x.pp, written by Puppet 7.23
# (Debian's puppet-agent) through the oracle, with Debian's puppet modules
# (/usr/share/puppet/modules) and the facts of tests/modules/facts.json.
# Needs Puppet and the modules; the tests only need the modules.
# Afterwards refresh the expected failures:
#   PJIT_UPDATE_XFAIL=1 cargo test --release --test modules
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir="$here/../modules"
oracle=${ORACLE:-"$here/../../../shared/oracle/oracle.rb"}
ruby "$oracle" --mode compile --relative-paths -q --facts "$dir/facts.json" \
    --node testnode.example.com --modulepath /usr/share/puppet/modules \
    --out "$dir/scenarios" "$dir/scenarios"
