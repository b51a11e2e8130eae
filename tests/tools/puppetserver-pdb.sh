#!/bin/sh
# Runs Debian's puppetserver (7.9.5, Puppet 7.23) with storeconfigs through
# Debian's puppet-terminus-puppetdb against the private PuppetDB of
# tests/tools/puppetdb.sh, for the PuppetDB goldens (tests/puppetdb/) and
# the PuppetDB benchmark. Only for regenerating goldens and benchmarks: the
# tests never need it.
#
#   tests/tools/puppetserver-pdb.sh start ENVIRONMENTPATH   idempotent
#   tests/tools/puppetserver-pdb.sh stop
#
# It listens on 127.0.0.1:8143 (PJIT_PS_PORT), with its own confdir, vardir
# and codedir under target/puppetserver, the ssldir of the PuppetDB harness
# (certificate puppet.test, CA disabled) and an auth.conf that lets the
# harness's agent certificate fetch any node's catalog. puppet.conf has
# `storeconfigs = true`, `storeconfigs_backend = puppetdb`; puppetdb.conf
# points at PuppetDB's HTTPS port; routes.yaml is Debian's example (facts
# to PuppetDB, cached as YAML).
set -eu
cmd=${1:-start}
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$root/target/puppetserver
pdb=$root/target/puppetdb
port=${PJIT_PS_PORT:-8143}
pdb_https=${PJIT_PDB_HTTPS_PORT:-8091}
. "$root/tests/tools/puppetserver-common.sh"

status_ok() {
    curl -sf --cacert "$pdb/ssl/certs/ca.pem" "https://127.0.0.1:$port/status/v1/simple" 2>/dev/null | grep -q running
}

start() {
    envpath=$(cd "$1" && pwd)
    "$root/tests/tools/puppetdb.sh" start
    if status_ok; then
        if [ "$(cat "$dir/envpath" 2>/dev/null)" = "$envpath" ]; then return 0; fi
        ps_stop "$dir"
    fi
    rm -rf "$dir/var/yaml"
    mkdir -p "$dir/puppet" "$dir/code"
    echo "$envpath" >"$dir/envpath"
    ssl=$pdb/ssl
    cat >"$dir/puppet/puppet.conf" <<EOF
[main]
certname = puppet.test
ssldir = $ssl
hostcrl = $ssl/crl.pem
certificate_revocation = false
[server]
environmentpath = $envpath
storeconfigs = true
storeconfigs_backend = puppetdb
reports = none
EOF
    cat >"$dir/puppet/puppetdb.conf" <<EOF
[main]
server_urls = https://localhost:$pdb_https
EOF
    cp /usr/share/doc/puppet-terminus-puppetdb/routes.yaml.example "$dir/puppet/routes.yaml"
    ps_config "$dir" "$dir/puppet" "$dir/code" 1 "    environment-class-cache-enabled: false" " enabled: true "
    ps_disable_ca "$dir"
    ps_webserver "$dir" "$port" "$ssl/certs/puppet.test.pem" "$ssl/private_keys/puppet.test.pem" "$ssl/certs/ca.pem"
    cat >"$dir/conf.d/auth.conf" <<EOF
authorization: {
    version: 1
    rules: [
        { match-request: { path: "/puppet/v3/", type: path }, allow: "*", sort-order: 400, name: "harness" },
        { match-request: { path: "/status/v1/", type: path }, allow-unauthenticated: true, sort-order: 400, name: "status" },
        { match-request: { path: "/", type: path }, deny: "*", sort-order: 999, name: "deny" }
    ]
}
EOF
    ps_launch "$dir" info -Xms512m -Xmx1g -XX:+UseSerialGC
    ps_wait "$dir" 450 status_ok
}

case $cmd in
start) start "${2:?ENVIRONMENTPATH}" ;;
stop) ps_stop "$dir" ;;
*)
    echo "usage: $0 start ENVIRONMENTPATH | stop" >&2
    exit 2
    ;;
esac
