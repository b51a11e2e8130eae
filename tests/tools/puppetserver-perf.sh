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

status_ok() {
    [ -f "$ssl/certs/ca.pem" ] &&
        curl -sf --cacert "$ssl/certs/ca.pem" "https://127.0.0.1:$port/status/v1/simple" 2>/dev/null | grep -q running
}

start() {
    envpath=$(cd "$1" && pwd)
    if status_ok; then
        if [ "$(cat "$dir/envpath" 2>/dev/null)" = "$envpath" ]; then return 0; fi
        stop
    fi
    rm -rf "$dir/conf.d" "$dir/var/yaml"
    mkdir -p "$dir/conf.d" "$dir/services.d" "$dir/puppet" "$dir/var" "$dir/run" "$dir/log" "$dir/code"
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
    cat >"$dir/conf.d/puppetserver.conf" <<EOF
jruby-puppet: {
    ruby-load-path: [/usr/lib/puppetserver/ruby/vendor_ruby]
    gem-home: $dir/var/jruby-gems
    gem-path: [\${jruby-puppet.gem-home}, "/usr/lib/puppetserver/vendored-jruby-gems"]
    server-conf-dir: $dir/puppet
    server-code-dir: $dir/code
    server-var-dir: $dir/var
    server-run-dir: $dir/run
    server-log-dir: $dir/log
    max-active-instances: 2
}
http-client: {}
profiler: {}
EOF
    cat >"$dir/conf.d/webserver.conf" <<EOF
webserver: {
    client-auth: want
    ssl-host: 127.0.0.1
    ssl-port: $port
}
EOF
    cat >"$dir/conf.d/global.conf" <<EOF
global: { logging-config: $dir/logback.xml }
EOF
    cp /etc/puppet/puppetserver/conf.d/web-routes.conf /etc/puppet/puppetserver/conf.d/metrics.conf \
        /etc/puppet/puppetserver/conf.d/ca.conf "$dir/conf.d/"
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
    cp /etc/puppet/puppetserver/services.d/*.cfg "$dir/services.d/"
    cat >"$dir/logback.xml" <<EOF
<configuration>
  <appender name="F" class="ch.qos.logback.core.FileAppender">
    <file>$dir/log/puppetserver.log</file>
    <encoder><pattern>%d %-5p [%c{2}] %m%n</pattern></encoder>
  </appender>
  <root level="warn"><appender-ref ref="F"/></root>
</configuration>
EOF
    : >"$dir/restart"
    # Debian's service settings (/etc/default/puppetserver: a 1 GB heap).
    nohup java -Xms1g -Xmx1g -Djruby.logger.class=com.puppetlabs.jruby_utils.jruby.Slf4jLogger \
        -Djruby.lib=/usr/share/jruby/lib -cp /usr/share/puppetserver/puppetserver.jar clojure.main \
        -m puppetlabs.trapperkeeper.main --config "$dir/conf.d" --bootstrap-config "$dir/services.d" \
        --restart-file "$dir/restart" >"$dir/java.out" 2>&1 &
    echo $! >"$dir/puppetserver.pid"
    i=0
    until status_ok; do
        i=$((i + 1))
        if [ $i -gt 1200 ] || ! kill -0 "$(cat "$dir/puppetserver.pid")" 2>/dev/null; then
            echo "puppetserver did not start; see $dir/log and $dir/java.out" >&2
            tail -20 "$dir/java.out" >&2
            exit 1
        fi
        sleep 0.5
    done
}

stop() {
    if [ -f "$dir/puppetserver.pid" ]; then
        pid=$(cat "$dir/puppetserver.pid")
        kill "$pid" 2>/dev/null || true
        while kill -0 "$pid" 2>/dev/null; do sleep 0.5; done
        rm -f "$dir/puppetserver.pid"
    fi
}

case $cmd in
start) start "${2:?ENVIRONMENTPATH}" ;;
stop) stop ;;
pid) cat "$dir/puppetserver.pid" ;;
*)
    echo "usage: $0 start ENVIRONMENTPATH | stop | pid" >&2
    exit 2
    ;;
esac
