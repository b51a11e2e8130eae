#!/bin/sh
# Runs Debian's puppetserver (7.9.5, Puppet 7.23) for the warm-server
# comparison of tests/tools/compare-server.sh: its own confdir, vardir,
# codedir and ssldir under DIR (default target/perf-server), listening on
# 127.0.0.1:8141 (PJIT_PERF_PORT), 2 JRuby instances, environments cached
# for ever (`environment_timeout = unlimited`), no reports, no
# storeconfigs. Its CA service makes a CA and the certificate
# `pjit-perf.test` on first start; the client presents that certificate
# too (auth.conf lets it fetch any node's catalog).
#
#   tests/tools/puppetserver-perf.sh start ENVIRONMENTPATH   idempotent
#   tests/tools/puppetserver-perf.sh stop
#   tests/tools/puppetserver-perf.sh pid                     the JVM's pid
set -eu
cmd=${1:-start}
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${PJIT_PERF_DIR:-$root/target/perf-server}
port=${PJIT_PERF_PORT:-8141}
ssl=$dir/puppet/ssl
. "$root/tests/tools/puppetserver-common.sh"

# The CA's certificate names pjit-perf.test and puppet, not 127.0.0.1.
status_ok() {
    [ -f "$ssl/certs/ca.pem" ] &&
        curl -sf --cacert "$ssl/certs/ca.pem" --resolve "pjit-perf.test:$port:127.0.0.1" \
            "https://pjit-perf.test:$port/status/v1/simple" 2>/dev/null | grep -q running
}

start() {
    envpath=$(cd "$1" && pwd)
    if status_ok; then
        if [ "$(cat "$dir/envpath" 2>/dev/null)" = "$envpath" ]; then return 0; fi
        ps_stop "$dir"
    fi
    rm -rf "$dir/var/yaml"
    mkdir -p "$dir/puppet" "$dir/code"
    echo "$envpath" >"$dir/envpath"
    cat >"$dir/puppet/puppet.conf" <<EOF
[main]
certname = pjit-perf.test
ssldir = $ssl
[server]
environmentpath = $envpath
environment_timeout = unlimited
reports = none
storeconfigs = false
EOF
    ps_config "$dir" "$dir/puppet" "$dir/code" 2
    ps_webserver "$dir" "$port"
    cat >"$dir/conf.d/auth.conf" <<EOF
authorization: {
    version: 1
    rules: [
        { match-request: { path: "/puppet/v3/", type: path }, allow: "*", sort-order: 400, name: "perf" },
        { match-request: { path: "/puppet-ca/v1/", type: path }, allow-unauthenticated: true, sort-order: 400, name: "ca" },
        { match-request: { path: "/status/v1/", type: path }, allow-unauthenticated: true, sort-order: 400, name: "status" },
        { match-request: { path: "/", type: path }, deny: "*", sort-order: 999, name: "deny" }
    ]
}
EOF
    # Debian's service settings (/etc/default/puppetserver: a 1 GB heap).
    ps_launch "$dir" warn -Xms1g -Xmx1g
    ps_wait "$dir" 600 status_ok
}

case $cmd in
start) start "${2:?ENVIRONMENTPATH}" ;;
stop) ps_stop "$dir" ;;
pid) cat "$dir/puppetserver.pid" ;;
*)
    echo "usage: $0 start ENVIRONMENTPATH | stop | pid" >&2
    exit 2
    ;;
esac
