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
# more on a loaded machine); the JVM's pid is in DIR/pid, its log in
# DIR/log/puppetserver.log. ENVIRONMENTPATH is also the codedir's
# environments; basemodulepath is empty. SSLDIR holds
# certs/{ca,server.test}.pem, private_keys/server.test.pem and crl.pem.
set -eu
cmd=$1
dir=$2
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

stop() {
    if [ -f "$dir/pid" ]; then
        pid=$(cat "$dir/pid")
        kill "$pid" 2>/dev/null || true
        i=0
        while kill -0 "$pid" 2>/dev/null && [ $i -lt 100 ]; do
            sleep 0.3
            i=$((i + 1))
        done
        rm -f "$dir/pid"
    fi
}

start() {
    port=$1
    ssl=$(cd "$2" && pwd)
    envpath=$(cd "$3" && pwd)
    instances=${4:-2}
    stop
    rm -rf "$dir/conf.d" "$dir/services.d"
    mkdir -p "$dir/conf.d" "$dir/services.d" "$dir/var" "$dir/log" "$dir/run" "$dir/modules"
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
    cp /etc/puppet/puppetserver/conf.d/web-routes.conf /etc/puppet/puppetserver/conf.d/metrics.conf "$dir/conf.d/"
    cat >"$dir/conf.d/global.conf" <<EOF
global: { logging-config: $dir/logback.xml }
EOF
    cat >"$dir/logback.xml" <<EOF
<configuration><appender name="F" class="ch.qos.logback.core.FileAppender"><file>$dir/log/puppetserver.log</file>
<encoder><pattern>%d %-5p [%c{2}] %m%n</pattern></encoder></appender><root level="warn"><appender-ref ref="F"/></root></configuration>
EOF
    cat >"$dir/conf.d/webserver.conf" <<EOF
webserver: {
    client-auth: want
    ssl-host: 127.0.0.1
    ssl-port: $port
    ssl-cert: $ssl/certs/server.test.pem
    ssl-key: $ssl/private_keys/server.test.pem
    ssl-ca-cert: $ssl/certs/ca.pem
    ssl-crl-path: $ssl/crl.pem
}
EOF
    cat >"$dir/conf.d/puppetserver.conf" <<EOF
jruby-puppet: {
    ruby-load-path: [/usr/lib/puppetserver/ruby/vendor_ruby]
    gem-home: $dir/jruby-gems
    gem-path: [$dir/jruby-gems, "/usr/lib/puppetserver/vendored-jruby-gems"]
    server-conf-dir: $dir
    server-code-dir: $envpath/..
    server-var-dir: $dir/var
    server-run-dir: $dir/run
    server-log-dir: $dir/log
    max-active-instances: $instances
    environment-class-cache-enabled: true
}
http-client: {}
profiler: {}
EOF
    sed 's#^puppetlabs.services.ca.certificate-authority-service/certificate-authority-service#puppetlabs.services.ca.certificate-authority-disabled-service/certificate-authority-disabled-service#' \
        /etc/puppet/puppetserver/services.d/ca.cfg >"$dir/services.d/ca.cfg"
    cp /etc/puppet/puppetserver/services.d/bootstrap.cfg "$dir/services.d/"
    (cd /usr/share/puppetserver && exec java -Xms2g -Xmx2g -Djruby.logger.class=com.puppetlabs.jruby_utils.jruby.Slf4jLogger \
        -Djruby.lib=/usr/share/jruby/lib -jar /usr/share/puppetserver/puppetserver.jar \
        --config "$dir/conf.d" --bootstrap-config "$dir/services.d" >"$dir/log/stdout.log" 2>&1) &
    echo $! >"$dir/pid"
    i=0
    until curl -s --cacert "$ssl/certs/ca.pem" "https://127.0.0.1:$port/status/v1/simple" 2>/dev/null | grep -q running; do
        i=$((i + 1))
        if [ $i -gt 600 ] || ! kill -0 "$(cat "$dir/pid")" 2>/dev/null; then
            echo "puppetserver did not start; see $dir/log/" >&2
            tail -n 20 "$dir/log/stdout.log" "$dir/log/puppetserver.log" >&2 || true
            stop
            exit 1
        fi
        sleep 1
    done
}

case $cmd in
start) start "$3" "$4" "$5" "${6:-}" ;;
stop) stop ;;
*)
    echo "usage: $0 start DIR PORT SSLDIR ENVIRONMENTPATH [INSTANCES] | stop DIR" >&2
    exit 2
    ;;
esac
