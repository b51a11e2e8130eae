#!/bin/sh
# Regenerates Puppet's golden results for the stdlib suite (tests/eval.rs,
# `stdlib_conformance`): `x.json` beside each `x.pp` under
# tests/stdlib/<section>/, written by Puppet 7.23 through the oracle with
# the section's modulepath and tests/stdlib/facts.json:
#   trixie/    target/trixie-modules (Debian 13's module releases:
#              puppetlabs-stdlib 9.4.1; tests/tools/trixie-modules.sh)
#   bookworm/  /usr/share/puppet/modules (Debian 12's: stdlib 8.5)
# Paths below the section directory or the modulepath are written relative
# to it (`--relative-paths`).
#
# Usage: tests/tools/bless-stdlib.sh [SECTION...]   (default: both)
# Needs Puppet 7.23 and the oracle (../shared/oracle/oracle.rb, or
# $ORACLE). Exits 1 if the oracle could not get Puppet's answer for a case.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo="$here/../.."
oracle=${ORACLE:-"$repo/../shared/oracle/oracle.rb"}
[ -f "$oracle" ] || oracle="$repo/../../shared/oracle/oracle.rb"
[ -f "$oracle" ] || { echo "bless-stdlib: oracle not found at $oracle (set ORACLE)" >&2; exit 2; }
sections=${*:-trixie bookworm}
status=0
for s in $sections; do
    case $s in
        trixie) sh "$here/trixie-modules.sh"; mp="$repo/target/trixie-modules" ;;
        bookworm) mp=/usr/share/puppet/modules ;;
        *) echo "bless-stdlib: unknown section $s" >&2; exit 2 ;;
    esac
    dir="$repo/tests/stdlib/$s"
    ruby "$oracle" -q --relative-paths --modulepath "$(cd "$mp" && pwd)" --facts "$repo/tests/stdlib/facts.json" \
        --out "$dir" "$dir" || status=1
    if grep -l '"oracle_failure": true' "$dir"/*.json 2>/dev/null; then
        echo "bless-stdlib: the oracle failed on the files above" >&2
        status=1
    fi
done
exit $status
