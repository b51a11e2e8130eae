#!/bin/sh
# Regenerates Puppet's golden results for the evaluation conformance suite:
# `x.json` beside each `x.pp` under tests/eval/<section>/, written by the
# reference implementation (Puppet 7.23) through the oracle in compile mode.
#
# Needs Puppet 7.23 (Debian's `puppet-agent`) and the oracle script
# (../shared/oracle/oracle.rb, or $ORACLE); see the oracle's README. The
# tests themselves never need Puppet: the goldens are committed.
#
# Usage: tests/tools/bless-eval.sh [SECTION...]   (default: every section)
#
# Each section directory is its own root, so paths in messages and in the
# catalog's `file` attributes are the bare file name (`file: x.pp`), the way
# pjit reports them when tests/eval.rs runs it from the section directory.
# Facts come from tests/eval/facts.json (node testnode.example.com). A
# leading `# @setting strict_variables = true` / `# @setting strict = error`
# comment in a case changes that setting for that case.
#
# Exits 1 if the oracle could not get Puppet's answer for some case (an
# `"oracle_failure": true` document); such a document is not a golden and
# must not be committed. After blessing, refresh the expected-failure list
# with `PJIT_UPDATE_XFAIL=1 cargo test --test eval` and review the diff.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
eval_dir="$here/../eval"
oracle=${ORACLE:-"$here/../../../shared/oracle/oracle.rb"}

if [ ! -f "$oracle" ]; then
    echo "bless-eval: oracle not found at $oracle (set ORACLE=/path/to/oracle.rb)" >&2
    exit 2
fi
if ! command -v ruby >/dev/null 2>&1 || { [ ! -x /opt/puppetlabs/bin/puppet ] && ! command -v puppet >/dev/null 2>&1; }; then
    echo "bless-eval: Puppet 7.23 is not installed (apt-get install -y puppet-agent)" >&2
    exit 2
fi

if [ "$#" -eq 0 ]; then
    for d in "$eval_dir"/*/; do
        set -- "$@" "$(basename "$d")"
    done
fi

status=0
for sec in "$@"; do
    dir="$eval_dir/$sec"
    if [ ! -d "$dir" ]; then
        echo "bless-eval: no such section $dir" >&2
        exit 2
    fi
    echo "bless-eval: $sec" >&2
    ruby "$oracle" --mode compile --relative-paths -q --facts "$eval_dir/facts.json" \
        --node testnode.example.com --out "$dir" "$dir" || status=1
done

# An oracle failure is not an expectation: list them so they get fixed.
failures=$(grep -l '"oracle_failure": true' "$eval_dir"/*/*.json 2>/dev/null || true)
if [ -n "$failures" ]; then
    echo "bless-eval: the oracle failed on:" >&2
    echo "$failures" >&2
    status=1
fi
exit $status
