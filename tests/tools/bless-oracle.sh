#!/bin/sh
# Regenerates every Puppet verdict (`x.json` beside each `x.pp`) under
# tests/parse/ by running the reference implementation over the cases.
#
# Needs Puppet 7.23 (`/opt/puppetlabs/bin/puppet`, Debian's `puppet-agent`)
# and the oracle script (../shared/oracle/oracle.rb, or $ORACLE); see the
# oracle's README for installing the reference. The tests themselves never
# need Puppet: the verdicts are committed.
#
# Usage: tests/tools/bless-oracle.sh [SUBDIR...]   (default: every subdir,
#        e.g. `cases spec mutations`)
#
# Each subdirectory is its own root, so messages name files relative to it
# (`file: x.pp`). After regenerating verdicts, refresh pjit's goldens with
# `BLESS=1 cargo test --release --test parse` and review the diff.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
parse_dir="$here/../parse"
oracle=${ORACLE:-"$here/../../../shared/oracle/oracle.rb"}

if [ ! -f "$oracle" ]; then
    echo "bless-oracle: oracle not found at $oracle (set ORACLE=/path/to/oracle.rb)" >&2
    exit 2
fi
if ! command -v ruby >/dev/null 2>&1 || { [ ! -x /opt/puppetlabs/bin/puppet ] && ! command -v puppet >/dev/null 2>&1; }; then
    echo "bless-oracle: Puppet 7.23 is not installed (apt-get install -y puppet-agent)" >&2
    exit 2
fi

if [ "$#" -eq 0 ]; then
    set --
    for d in "$parse_dir"/*/; do
        set -- "$@" "$(basename "$d")"
    done
fi

status=0
for sub in "$@"; do
    dir="$parse_dir/$sub"
    if [ ! -d "$dir" ]; then
        echo "bless-oracle: no such directory $dir" >&2
        exit 2
    fi
    echo "bless-oracle: $sub" >&2
    ruby "$oracle" --mode parse --relative-paths -q --out "$dir" "$dir" || status=1
done
exit $status
