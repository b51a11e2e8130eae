#!/bin/sh
# Writes `.resource_types/` of the test environments under
# tests/resource_types/envs/ with Puppet's own generator, as a user runs it:
#   puppet generate types --environment NAME --environmentpath ROOT
# (Puppet 7.23, Debian's puppet-agent). Only the environment's modulepath
# counts (basemodulepath empty): `modules/` of each environment, whose
# entries may be links to Debian's modules under /usr/share/puppet/modules.
# The generated files carry the time they were written in their first
# line; everything else is Puppet's. Environments without `modules/` keep
# their hand-written `.resource_types/` (files Puppet refuses to load).
# Afterwards bless the catalogs: BLESS=1 cargo test --release --test resource_types
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root="$here/../resource_types/envs"
state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
for env in "$root"/*/; do
    name=$(basename "$env")
    [ -d "$env/modules" ] || continue
    rm -rf "$env/.resource_types"
    puppet generate types --environment "$name" --environmentpath "$root" --basemodulepath '' \
        --confdir "$state/conf" --vardir "$state/var" --codedir "$state/code" --logdir "$state/log" >&2
done
