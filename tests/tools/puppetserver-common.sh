# Shared by the scripts that run Debian's puppetserver (7.9.5, Puppet 7.23)
# as a reference: tests/server/puppetserver.sh (beside `pjit server`),
# tests/tools/puppetserver-perf.sh (the warm-server comparison) and
# tests/tools/puppetserver-pdb.sh (storeconfigs through PuppetDB). Each
# writes its own puppet.conf and auth.conf; what they have in common (the
# trapperkeeper configuration, logging, the JVM and waiting for it) is
# here, so that a change to how puppetserver is run is made once.
# Sourced (POSIX sh), never run.

# ps_config DIR CONFDIR CODEDIR INSTANCES [JRUBY_EXTRA [PROFILER]]
# Writes DIR/conf.d (puppetserver.conf, global.conf, Debian's web-routes,
# metrics and ca confs) and DIR/services.d (Debian's bootstrap), with the
# vardir, rundir and logdir under DIR. JRUBY_EXTRA: more lines of the
# jruby-puppet block; PROFILER: the profiler block's body.
ps_config() {
    _dir=$1
    rm -rf "$_dir/conf.d" "$_dir/services.d"
    mkdir -p "$_dir/conf.d" "$_dir/services.d" "$_dir/var" "$_dir/run" "$_dir/log"
    cat >"$_dir/conf.d/puppetserver.conf" <<EOF
jruby-puppet: {
    ruby-load-path: [/usr/lib/puppetserver/ruby/vendor_ruby]
    gem-home: $_dir/var/jruby-gems
    gem-path: [\${jruby-puppet.gem-home}, "/usr/lib/puppetserver/vendored-jruby-gems"]
    server-conf-dir: $2
    server-code-dir: $3
    server-var-dir: $_dir/var
    server-run-dir: $_dir/run
    server-log-dir: $_dir/log
    max-active-instances: $4
${5:-}
}
http-client: {}
profiler: {${6:-}}
EOF
    cat >"$_dir/conf.d/global.conf" <<EOF
global: { logging-config: $_dir/logback.xml }
EOF
    cp /etc/puppet/puppetserver/conf.d/web-routes.conf /etc/puppet/puppetserver/conf.d/metrics.conf \
        /etc/puppet/puppetserver/conf.d/ca.conf "$_dir/conf.d/"
    cp /etc/puppet/puppetserver/services.d/*.cfg "$_dir/services.d/"
}

# ps_disable_ca DIR: the CA service off (a compile server beside the
# site's CA, as pjit is).
ps_disable_ca() {
    sed -e 's|^puppetlabs.services.ca.certificate-authority-service/certificate-authority-service|#&|' \
        -e 's|^#\(puppetlabs.services.ca.certificate-authority-disabled-service/.*\)|\1|' \
        -i "$1/services.d/ca.cfg"
}

# ps_webserver DIR PORT [SSL_CERT SSL_KEY SSL_CA [SSL_CRL]]: HTTPS on
# 127.0.0.1:PORT, client certificates wanted, not required.
ps_webserver() {
    {
        echo "webserver: {"
        echo "    client-auth: want"
        echo "    ssl-host: 127.0.0.1"
        echo "    ssl-port: $2"
        [ -z "${3:-}" ] || echo "    ssl-cert: $3"
        [ -z "${4:-}" ] || echo "    ssl-key: $4"
        [ -z "${5:-}" ] || echo "    ssl-ca-cert: $5"
        [ -z "${6:-}" ] || echo "    ssl-crl-path: $6"
        echo "}"
    } >"$1/conf.d/webserver.conf"
}

# ps_launch DIR LEVEL JAVA_OPTION...: starts the JVM in the background
# (pid in DIR/puppetserver.pid, output in DIR/java.out, log at LEVEL in
# DIR/log/puppetserver.log).
ps_launch() {
    _dir=$1
    _level=$2
    shift 2
    cat >"$_dir/logback.xml" <<EOF
<configuration>
  <appender name="F" class="ch.qos.logback.core.FileAppender">
    <file>$_dir/log/puppetserver.log</file>
    <encoder><pattern>%d %-5p [%c{2}] %m%n</pattern></encoder>
  </appender>
  <root level="$_level"><appender-ref ref="F"/></root>
</configuration>
EOF
    : >"$_dir/restart"
    nohup java "$@" -Djruby.logger.class=com.puppetlabs.jruby_utils.jruby.Slf4jLogger \
        -Djruby.lib=/usr/share/jruby/lib -cp /usr/share/puppetserver/puppetserver.jar clojure.main \
        -m puppetlabs.trapperkeeper.main --config "$_dir/conf.d" --bootstrap-config "$_dir/services.d" \
        --restart-file "$_dir/restart" >"$_dir/java.out" 2>&1 &
    echo $! >"$_dir/puppetserver.pid"
}

# ps_wait DIR SECONDS CHECK...: returns once the command CHECK succeeds
# (the server answers), fails when SECONDS pass or the JVM dies.
ps_wait() {
    _dir=$1
    _tries=$(($2 * 2))
    shift 2
    _i=0
    until "$@"; do
        _i=$((_i + 1))
        if [ $_i -gt $_tries ] || ! kill -0 "$(cat "$_dir/puppetserver.pid")" 2>/dev/null; then
            echo "puppetserver did not start; see $_dir/log and $_dir/java.out" >&2
            tail -n 20 "$_dir/java.out" "$_dir/log/puppetserver.log" >&2 || true
            ps_stop "$_dir"
            return 1
        fi
        sleep 0.5
    done
}

# ps_stop DIR: stops the JVM started by ps_launch, if it runs.
ps_stop() {
    if [ -f "$1/puppetserver.pid" ]; then
        _pid=$(cat "$1/puppetserver.pid")
        kill "$_pid" 2>/dev/null || true
        _i=0
        while kill -0 "$_pid" 2>/dev/null && [ $_i -lt 120 ]; do
            sleep 0.5
            _i=$((_i + 1))
        done
        rm -f "$1/puppetserver.pid"
    fi
}
