#!/bin/sh
# Starts (or stops) a private PuppetDB 7 on PostgreSQL, on loopback only, for
# the PuppetDB tests and benchmarks: Debian's `puppetdb` and `postgresql`
# packages, run from a state directory of their own (never the system
# services' configuration or data).
#
#   tests/tools/puppetdb.sh start [DIR]   idempotent; prints nothing but errors
#   tests/tools/puppetdb.sh stop [DIR]
#   tests/tools/puppetdb.sh env [DIR]     the settings below, as shell lines
#   tests/tools/puppetdb.sh cert DIR NAME a client certificate for NAME
#   tests/tools/puppetdb.sh vacuum [DIR]  compact the tables (after a purge)
#
# DIR defaults to target/puppetdb. Ports: PostgreSQL 5490 (its cluster and
# socket in /var/tmp/pjit-puppetdb-pg-5490, PJIT_PG_DIR), PuppetDB HTTP 8090 and HTTPS 8091 (PJIT_PDB_HTTP_PORT,
# PJIT_PDB_HTTPS_PORT, PJIT_PG_PORT override them). DIR/ssl is a Puppet
# ssldir made here with openssl: a CA, PuppetDB's certificate (localhost,
# 127.0.0.1) and client certificates for `puppet.test` (a compile server) and
# `agent.test`, so HTTPS is tested as the terminus uses it. The packages are
# installed when missing (apt-get; CI does that through .ci/puppetdb.sh).
set -eu
cmd=${1:-start}
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${2:-$root/target/puppetdb}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
http_port=${PJIT_PDB_HTTP_PORT:-8090}
https_port=${PJIT_PDB_HTTPS_PORT:-8091}
pg_port=${PJIT_PG_PORT:-5490}
pgbin=/usr/lib/postgresql/15/bin
# PostgreSQL runs as the postgres user, which may not reach a checkout
# under a private home: its cluster lives in a directory of its own.
pgdir=${PJIT_PG_DIR:-/var/tmp/pjit-puppetdb-pg-$pg_port}
pgdata=$pgdir/data
pgrun=$pgdir/run

pg() { runuser -u postgres -- "$@"; }

status_ok() {
    curl -sf "http://127.0.0.1:$http_port/status/v1/services/puppetdb-status" 2>/dev/null |
        grep -q '"state" *: *"running"'
}

make_ssl() {
    ssl=$dir/ssl
    if [ -f "$ssl/certs/agent.test.pem" ]; then
        # A CRL made before it was a version 2 CRL (webpki reads no other):
        # made again with the same CA.
        openssl crl -in "$ssl/crl.pem" -noout -text 2>/dev/null | grep -q 'Version 2' || make_crl
        return 0
    fi
    rm -rf "$ssl"
    mkdir -p "$ssl/certs" "$ssl/private_keys" "$ssl/ca"
    cd "$ssl"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=pjit test CA" \
        -keyout ca/ca_key.pem -out certs/ca.pem 2>/dev/null
    for name in localhost puppet.test agent.test; do
        openssl req -newkey rsa:2048 -nodes -subj "/CN=$name" \
            -keyout "private_keys/$name.pem" -out "ca/$name.csr" 2>/dev/null
        printf 'subjectAltName=DNS:%s,IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n' "$name" >"ca/$name.ext"
        openssl x509 -req -in "ca/$name.csr" -CA certs/ca.pem -CAkey ca/ca_key.pem \
            -CAcreateserial -days 3650 -extfile "ca/$name.ext" -out "certs/$name.pem" 2>/dev/null
    done
    make_crl
    cd "$root"
}

# An empty CRL, for clients that check revocation: version 2, with a CRL
# number and the CA's key identifier, as Puppet's CA writes it (and as
# webpki requires).
make_crl() {
    : >"$ssl/ca/index.txt"
    echo 01 >"$ssl/ca/crlnumber"
    printf '[ca]\ndefault_ca=c\n[c]\ndatabase=index.txt\ncrlnumber=crlnumber\ndefault_md=sha256\ndefault_crl_days=3650\ncrl_extensions=crl_ext\n[crl_ext]\nauthorityKeyIdentifier=keyid:always\n' >"$ssl/ca/ca.cnf"
    (cd "$ssl/ca" && openssl ca -config ca.cnf -gencrl -keyfile ca_key.pem -cert ../certs/ca.pem -out ../crl.pem 2>/dev/null)
    chmod -R a+rX "$ssl"
}

install_packages() {
    if [ ! -x $pgbin/initdb ] || [ ! -f /usr/share/puppetdb/puppetdb.jar ] || ! command -v curl >/dev/null; then
        apt-get -o DPkg::Lock::Timeout=900 install -y -qq postgresql puppetdb curl >/dev/null
    fi
}

# The fingerprint of a certificate file, or of the one PuppetDB serves.
fingerprint() { openssl x509 -noout -fingerprint -sha256 2>/dev/null; }
served_is_ours() {
    served=$(echo | openssl s_client -connect "127.0.0.1:$https_port" 2>/dev/null | fingerprint)
    [ -n "$served" ] && [ "$served" = "$(fingerprint <"$dir/ssl/certs/localhost.pem")" ]
}

start() {
    make_ssl
    if status_ok; then
        served_is_ours && return 0
        # Another checkout's PuppetDB (another CA) holds these ports: its
        # clients would fail our certificate checks. Callers hold the
        # ports' lock file (tests/puppetdb.rs), so nobody is using it now:
        # stop it and start ours on the same PostgreSQL cluster.
        pid=$(ss -ltnpH "sport = :$http_port" 2>/dev/null | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -1)
        [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
        i=0
        while status_ok || ss -ltnH "sport = :$https_port" | grep -q .; do
            i=$((i + 1))
            [ $i -lt 120 ] || { echo "the other checkout's puppetdb (pid $pid) did not stop" >&2; exit 1; }
            sleep 0.5
        done
    fi
    install_packages
    # PostgreSQL: a cluster of our own, owned by the postgres user.
    mkdir -p "$pgrun"
    chown postgres "$pgdir" "$pgrun"
    if [ ! -f "$pgdata/PG_VERSION" ]; then
        mkdir -p "$pgdata"
        chown postgres "$pgdata"
        pg $pgbin/initdb -D "$pgdata" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    if ! pg $pgbin/pg_ctl -D "$pgdata" status >/dev/null 2>&1; then
        pg $pgbin/pg_ctl -D "$pgdata" -l "$pgrun/pg.log" -w \
            -o "-p $pg_port -k $pgrun -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c autovacuum=off" start >/dev/null
    fi
    pg psql -q -h "$pgrun" -p "$pg_port" -U postgres -c "ALTER SYSTEM SET autovacuum = off" -c "SELECT pg_reload_conf()" >/dev/null
    if ! pg psql -h "$pgrun" -p "$pg_port" -U postgres -tAc "select 1 from pg_database where datname='puppetdb'" | grep -q 1; then
        pg psql -q -h "$pgrun" -p "$pg_port" -U postgres -c "create role puppetdb login password 'puppetdb'" \
            -c "create database puppetdb owner puppetdb encoding 'UTF8' template template0" >/dev/null
        pg psql -q -h "$pgrun" -p "$pg_port" -U postgres -d puppetdb -c "create extension if not exists pg_trgm" >/dev/null
    fi
    # PuppetDB: configuration and state under DIR.
    conf=$dir/conf.d
    mkdir -p "$conf" "$dir/var"
    cat >"$conf/config.ini" <<EOF
[global]
vardir = $dir/var
logging-config = $dir/logback.xml
[command-processing]
threads = 1
EOF
    cat >"$conf/database.ini" <<EOF
[database]
subname = //127.0.0.1:$pg_port/puppetdb
username = puppetdb
password = puppetdb
gc-interval = 0
EOF
    cat >"$conf/jetty.ini" <<EOF
[jetty]
host = 127.0.0.1
port = $http_port
ssl-host = 127.0.0.1
ssl-port = $https_port
ssl-key = $dir/ssl/private_keys/localhost.pem
ssl-cert = $dir/ssl/certs/localhost.pem
ssl-ca-cert = $dir/ssl/certs/ca.pem
EOF
    cp /etc/puppetdb/conf.d/auth.conf "$conf/auth.conf"
    cat >"$dir/logback.xml" <<EOF
<configuration>
  <appender name="F" class="ch.qos.logback.core.FileAppender">
    <file>$dir/puppetdb.log</file>
    <encoder><pattern>%d %-5p [%c{2}] %m%n</pattern></encoder>
  </appender>
  <root level="info"><appender-ref ref="F"/></root>
</configuration>
EOF
    : >"$dir/restart"
    # Serial GC, C1 only and a small heap keep the JVM light on two cores.
    nohup java -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.security.egd=/dev/urandom \
        -cp /usr/share/puppetdb/puppetdb.jar clojure.main -m puppetlabs.puppetdb.core services \
        --config "$conf" --bootstrap-config /etc/puppetdb/bootstrap.cfg --restart-file "$dir/restart" \
        >"$dir/java.out" 2>&1 &
    echo $! >"$dir/puppetdb.pid"
    i=0
    until status_ok; do
        i=$((i + 1))
        if [ $i -gt 600 ] || ! kill -0 "$(cat "$dir/puppetdb.pid")" 2>/dev/null; then
            echo "puppetdb did not start; see $dir/puppetdb.log and $dir/java.out" >&2
            tail -20 "$dir/java.out" >&2
            exit 1
        fi
        sleep 0.5
    done
}

stop() {
    if [ -f "$dir/puppetdb.pid" ]; then
        kill "$(cat "$dir/puppetdb.pid")" 2>/dev/null || true
        rm -f "$dir/puppetdb.pid"
    fi
    if [ -f "$pgdata/PG_VERSION" ]; then
        pg $pgbin/pg_ctl -D "$pgdata" -m fast stop >/dev/null 2>&1 || true
    fi
}

# After the tests' purge of every node: compacts PuppetDB's tables and
# refreshes the planner's statistics, so that each scenario starts from the
# same physical state and PuppetDB returns rows in the same order as when
# the goldens were made (resource queries have no ORDER BY). Autovacuum is
# off in this cluster for the same reason.
vacuum() {
    pg psql -q -h "$pgrun" -p "$pg_port" -U postgres -d puppetdb -c "VACUUM FULL ANALYZE" >/dev/null
}

# A certificate for NAME (an agent), signed by the harness's CA.
cert() {
    make_ssl
    ssl=$dir/ssl
    name=$1
    [ -f "$ssl/certs/$name.pem" ] && return 0
    cd "$ssl"
    openssl req -newkey rsa:2048 -nodes -subj "/CN=$name" \
        -keyout "private_keys/$name.pem" -out "ca/$name.csr" 2>/dev/null
    printf 'subjectAltName=DNS:%s\nextendedKeyUsage=serverAuth,clientAuth\n' "$name" >"ca/$name.ext"
    openssl x509 -req -in "ca/$name.csr" -CA certs/ca.pem -CAkey ca/ca_key.pem \
        -CAcreateserial -days 3650 -extfile "ca/$name.ext" -out "certs/$name.pem" 2>/dev/null
    chmod -R a+rX "$ssl"
    cd "$root"
}

case $cmd in
start) start ;;
vacuum) vacuum ;;
cert) cert "${3:?NAME}" ;;
stop) stop ;;
env)
    echo "PJIT_PDB_URL=http://127.0.0.1:$http_port"
    echo "PJIT_PDB_SSL_URL=https://localhost:$https_port"
    echo "PJIT_PDB_SSLDIR=$dir/ssl"
    ;;
*)
    echo "usage: $0 start|stop|env [DIR]" >&2
    exit 2
    ;;
esac
