#!/bin/sh
# Debian's puppetserver (7.9.5, Puppet 7.23) as the reference for `pjit
# server`: its own confdir, vardir and logs under DIR, the site's ssldir
# (a throwaway PKI from tests/server/make-pki.sh), the CA service disabled
# (pjit is a compile server beside a CA, and so is this one), JRuby
# instances as compile workers, and `environment-class-cache-enabled` (the
# Etag semantics of /puppet/v3/environment_classes). Its auth.conf is
# Debian's with one rule added before the final deny: tool.test may use
# the environment classes and environment cache endpoints (which Debian's
# rules give to nobody), as `pjit server --tools-allow tool.test` does.
# Used by benches/server/compare.sh and
# tests/tools/bless-environment-classes.sh; the tests never need it.
#
#   tests/server/puppetserver.sh start DIR PORT SSLDIR ENVIRONMENTPATH [INSTANCES]
#   tests/server/puppetserver.sh stop DIR
#
# `start` returns once the server answers /status/v1/simple (a minute or
# more on a loaded machine); the JVM's pid is in DIR/puppetserver.pid, its log in
# DIR/log/puppetserver.log. ENVIRONMENTPATH is also the codedir's
# environments; basemodulepath is empty. SSLDIR holds
# certs/{ca,server.test}.pem, private_keys/server.test.pem and crl.pem.
set -eu
cmd=$1
dir=$2
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
. "$(dirname "$0")/../tools/puppetserver-common.sh"

status_ok() {
    curl -s --cacert "$ssl/certs/ca.pem" "https://127.0.0.1:$port/status/v1/simple" 2>/dev/null | grep -q running
}

start() {
    port=$1
    ssl=$(cd "$2" && pwd)
    envpath=$(cd "$3" && pwd)
    instances=${4:-2}
    ps_stop "$dir"
    mkdir -p "$dir/modules"
    cat >"$dir/puppet.conf" <<EOF
[main]
ssldir = $ssl
codedir = $envpath/..
environmentpath = $envpath
basemodulepath = $dir/modules
hiera_config = $dir/no-hiera.yaml
certname = server.test
[server]
vardir = $dir/var
logdir = $dir/log
rundir = $dir/run
environment_timeout = unlimited
reports = none
EOF
    ps_config "$dir" "$dir" "$envpath/.." "$instances" "    environment-class-cache-enabled: true"
    ps_disable_ca "$dir"
    ps_webserver "$dir" "$port" "$ssl/certs/server.test.pem" "$ssl/private_keys/server.test.pem" "$ssl/certs/ca.pem" "$ssl/crl.pem"
    # Debian's rules, and tool.test's before the final deny.
    python3 - /etc/puppet/puppetserver/conf.d/auth.conf "$dir/conf.d/auth.conf" <<'PY'
import sys
text = open(sys.argv[1]).read()
rule = """{
            match-request: {
                path: "^/(puppet/v3/environment_classes|puppet-admin-api/v1/environment-cache)"
                type: regex
            }
            allow: "tool.test"
            sort-order: 500
            name: "pjit benchmark tools"
        },
        {
            # Deny everything else."""
marker = "{\n            # Deny everything else."
assert marker in text, "Debian's auth.conf changed: no final deny rule"
open(sys.argv[2], "w").write(text.replace(marker, rule, 1))
PY
    ps_launch "$dir" warn -Xms2g -Xmx2g
    ps_wait "$dir" 600 status_ok
}

case $cmd in
start) start "$3" "$4" "$5" "${6:-}" ;;
stop) ps_stop "$dir" ;;
*)
    echo "usage: $0 start DIR PORT SSLDIR ENVIRONMENTPATH [INSTANCES] | stop DIR" >&2
    exit 2
    ;;
esac
