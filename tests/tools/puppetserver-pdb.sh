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

status_ok() {
    curl -sf --cacert "$pdb/ssl/certs/ca.pem" "https://127.0.0.1:$port/status/v1/simple" 2>/dev/null | grep -q running
}

start() {
    envpath=$(cd "$1" && pwd)
    "$root/tests/tools/puppetdb.sh" start
    if status_ok; then
        if [ "$(cat "$dir/envpath" 2>/dev/null)" = "$envpath" ]; then return 0; fi
        stop
    fi
    rm -rf "$dir/conf.d" "$dir/var/yaml"
    mkdir -p "$dir/conf.d" "$dir/services.d" "$dir/puppet" "$dir/var" "$dir/run" "$dir/log" "$dir/code"
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
    max-active-instances: 1
    environment-class-cache-enabled: false
}
http-client: {}
profiler: { enabled: true }
EOF
    cat >"$dir/conf.d/webserver.conf" <<EOF
webserver: {
    client-auth: want
    ssl-host: 127.0.0.1
    ssl-port: $port
    ssl-cert: $ssl/certs/puppet.test.pem
    ssl-key: $ssl/private_keys/puppet.test.pem
    ssl-ca-cert: $ssl/certs/ca.pem
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
        { match-request: { path: "/puppet/v3/", type: path }, allow: "*", sort-order: 400, name: "harness" },
        { match-request: { path: "/status/v1/", type: path }, allow-unauthenticated: true, sort-order: 400, name: "status" },
        { match-request: { path: "/", type: path }, deny: "*", sort-order: 999, name: "deny" }
    ]
}
EOF
    cp /etc/puppet/puppetserver/services.d/*.cfg "$dir/services.d/" 2>/dev/null || true
    sed -e 's|^puppetlabs.services.ca.certificate-authority-service/certificate-authority-service|#&|' \
        -e 's|^#\(puppetlabs.services.ca.certificate-authority-disabled-service/.*\)|\1|' \
        -i "$dir/services.d/ca.cfg"
    cat >"$dir/logback.xml" <<EOF
<configuration>
  <appender name="F" class="ch.qos.logback.core.FileAppender">
    <file>$dir/log/puppetserver.log</file>
    <encoder><pattern>%d %-5p [%c{2}] %m%n</pattern></encoder>
  </appender>
  <root level="info"><appender-ref ref="F"/></root>
</configuration>
EOF
    : >"$dir/restart"
    nohup java -Xms512m -Xmx1g -Djruby.logger.class=com.puppetlabs.jruby_utils.jruby.Slf4jLogger \
        -XX:+UseSerialGC -cp /usr/share/puppetserver/puppetserver.jar clojure.main \
        -m puppetlabs.trapperkeeper.main --config "$dir/conf.d" --bootstrap-config "$dir/services.d" \
        --restart-file "$dir/restart" >"$dir/java.out" 2>&1 &
    echo $! >"$dir/puppetserver.pid"
    i=0
    until status_ok; do
        i=$((i + 1))
        if [ $i -gt 900 ] || ! kill -0 "$(cat "$dir/puppetserver.pid")" 2>/dev/null; then
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
*)
    echo "usage: $0 start ENVIRONMENTPATH | stop" >&2
    exit 2
    ;;
esac
