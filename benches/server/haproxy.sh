#!/bin/sh
# Two `pjit server` processes behind Debian's HAProxy on loopback
# (tests/server/haproxy.cfg: TCP pass-through on 8150, servers on 8151 and
# 8152, least-connections balancing, health checks on /status/v1/simple),
# against one server alone on 8153: REQUESTS catalog requests of the
# benchmark's big role (benches/server/site.pp) at CONCURRENCY, through
# HAProxy and straight to the single server, ROUNDS times alternating.
# Prints catalogs/s and p50/p99 latency of both, and how the requests
# spread over the two servers (their access logs).
# Usage: benches/server/haproxy.sh [ROUNDS]   (REQUESTS=200 CONCURRENCY=8)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rounds=${1:-3}
requests=${REQUESTS:-200}
concurrency=${CONCURRENCY:-8}
pjit="${CARGO_TARGET_DIR:-$root/target}/release/pjit"
work=$(mktemp -d /tmp/pjit-bench-haproxy.XXXXXX)
pids=""
cleanup() {
    for p in $pids; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT INT TERM
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
sh "$root/tests/server/make-pki.sh" "$work/pki" big.example.com
ssl="$work/ssl"
mkdir -p "$ssl/certs" "$ssl/private_keys" "$work/code/environments/production/manifests" "$work/code/modules"
cp "$work/pki/ca.pem" "$ssl/certs/ca.pem"
cp "$work/pki/server.test.pem" "$ssl/certs/server.test.pem"
cp "$work/pki/server.test.key" "$ssl/private_keys/server.test.pem"
cp "$work/pki/crl.pem" "$ssl/crl.pem"
cp "$here/site.pp" "$work/code/environments/production/manifests/site.pp"
echo "modulepath = /usr/share/puppet/modules" > "$work/code/environments/production/environment.conf"
cat > "$work/puppet.conf" <<CONF
[main]
ssldir = $ssl
codedir = $work/code
basemodulepath = $work/code/modules
hiera_config = $work/no-hiera.yaml
certname = server.test
vardir = $work/var
[server]
environment_timeout = unlimited
reports = none
CONF
for port in 8151 8152 8153; do
    "$pjit" server --config "$work/puppet.conf" --bind "127.0.0.1:$port" --workers 2 \
        --access-log "$work/access-$port.log" 2>"$work/server-$port.log" &
    pids="$pids $!"
done
haproxy -f "$root/tests/server/haproxy.cfg" -db >"$work/haproxy.log" 2>&1 &
pids="$pids $!"
curl_as() {
    curl -s --cacert "$work/pki/ca.pem" --cert "$work/pki/big.example.com.pem" --key "$work/pki/big.example.com.key" "$@"
}
for port in 8150 8151 8152 8153; do
    i=0
    until curl_as -o /dev/null "https://127.0.0.1:$port/status/v1/simple"; do
        i=$((i + 1)); [ $i -lt 100 ] || { echo "port $port is not up" >&2; exit 1; }; sleep 0.3
    done
done
python3 - "$root/tests/modules/facts.json" > "$work/form" <<'PY'
import json, sys, urllib.parse
doc = json.dumps({"name": "big.example.com", "values": json.load(open(sys.argv[1]))})
print("environment=production&facts_format=application%2Fjson&facts=" + urllib.parse.quote(urllib.parse.quote(doc, safe=""), safe=""), end="")
PY
run() { # PORT NAME
    : > "$work/cfg"
    i=0
    while [ $i -lt "$requests" ]; do
        printf 'url = "https://127.0.0.1:%s/puppet/v3/catalog/big.example.com?environment=production&r=%s"\noutput = "/dev/null"\n' "$1" $i >> "$work/cfg"
        i=$((i + 1))
    done
    start=$(date +%s.%N)
    curl_as --parallel --parallel-max "$concurrency" --max-time 300 --data-binary "@$work/form" \
        -H "Content-Type: application/x-www-form-urlencoded" -w "%{http_code} %{time_total}\n" -K "$work/cfg" > "$work/out"
    end=$(date +%s.%N)
    bad=$(grep -vc '^200 ' "$work/out" || true)
    [ "$bad" -eq 0 ] || { echo "$bad requests failed through $2" >&2; exit 1; }
    echo "$start $end" >> "$work/times-$2"
    cut -d' ' -f2 "$work/out" >> "$work/lat-$2"
}
saved=$requests; requests=40
run 8150 haproxy; run 8153 single
rm -f "$work"/times-* "$work"/lat-*
requests=$saved
: > "$work/access-8151.log"; : > "$work/access-8152.log"
r=0
while [ $r -lt "$rounds" ]; do
    run 8150 haproxy
    run 8153 single
    r=$((r + 1))
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "requests through HAProxy: pjit1 $(grep -c 'catalog' "$work/access-8151.log"), pjit2 $(grep -c 'catalog' "$work/access-8152.log")"
python3 - "$work" "$requests" "$concurrency" "$rounds" <<'PY'
import statistics, sys
work, n, c, rounds = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
print(f"{rounds} rounds of {n} requests of big.example.com, {c} at a time")
print("| path | catalogs/s | p50 (ms) | p99 (ms) |")
print("|---|---|---|---|")
for name, label in (("haproxy", "HAProxy -> 2 pjit servers (2 workers each)"), ("single", "1 pjit server (2 workers)")):
    spans = [tuple(map(float, l.split())) for l in open(f"{work}/times-{name}")]
    lat = sorted(float(x) * 1000 for x in open(f"{work}/lat-{name}"))
    print(f"| {label} | {n * len(spans) / sum(e - s for s, e in spans):.1f} | {statistics.median(lat):.1f} | {lat[min(len(lat) - 1, int(len(lat) * 0.99))]:.1f} |")
PY
