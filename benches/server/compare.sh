#!/bin/sh
# Sustained catalog throughput and latency of `pjit server` against Debian's
# puppetserver 7.9.5, side by side on this machine, both warm, on loopback:
# the same environment (benches/server/site.pp over Debian's modules in
# /usr/share/puppet/modules: big.example.com, a real-module role of 241
# resources, and small.example.com, ntp only), the same facts
# (tests/modules/facts.json) sent as agents send them (POST
# /puppet/v3/catalog/<node> with url-encoded JSON facts), the same
# certificates (a throwaway CA from tests/server/make-pki.sh). Each server
# gets its own confdir/vardir/codedir; puppetserver listens on 8142
# (PS_PORT), pjit on 8146 (PJIT_PORT), both with environment_timeout =
# unlimited and two compile workers (JRuby instances) for the two cores.
#
# It checks that both servers give the same catalogs (ignoring version,
# code_id and catalog_uuid), warms both up, then alternates rounds: for
# each role, REQUESTS catalog requests at CONCURRENCY, puppetserver then
# pjit, ROUNDS times. It prints catalogs/s (requests / wall time), p50
# and p99 latency per server and role (over all rounds), the CPU time
# each server process spent per catalog (user + system, from
# /proc/PID/stat around each run: the figure a loaded machine disturbs
# least), the servers' resident memory after the runs, and the machine's
# load average.
#
# Needs: puppetserver (Debian's; started here by tests/server/puppetserver.sh),
# the puppet-module-* packages, curl, openssl, python3, a release build.
# Usage: benches/server/compare.sh [ROUNDS]  (REQUESTS=200 CONCURRENCY=4)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rounds=${1:-3}
requests=${REQUESTS:-200}
concurrency=${CONCURRENCY:-4}
ps_port=${PS_PORT:-8142}
pjit_port=${PJIT_PORT:-8146}
pjit="${CARGO_TARGET_DIR:-$root/target}/release/pjit"
work=$(mktemp -d /tmp/pjit-bench-server.XXXXXX)
ps_pid="" pjit_pid=""
cleanup() {
    sh "$root/tests/server/puppetserver.sh" stop "$work/ps" || true
    [ -n "$pjit_pid" ] && kill "$pjit_pid" 2>/dev/null && wait "$pjit_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT INT TERM
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"

sh "$root/tests/server/make-pki.sh" "$work/pki" big.example.com small.example.com
ssl="$work/ssl"
mkdir -p "$ssl/certs" "$ssl/private_keys"
cp "$work/pki/ca.pem" "$ssl/certs/ca.pem"
cp "$work/pki/server.test.pem" "$ssl/certs/server.test.pem"
cp "$work/pki/server.test.key" "$ssl/private_keys/server.test.pem"
cp "$work/pki/crl.pem" "$ssl/crl.pem"
mkdir -p "$work/code/environments/production/manifests" "$work/ps" "$work/pjit-var"
cp "$here/site.pp" "$work/code/environments/production/manifests/site.pp"
echo "modulepath = /usr/share/puppet/modules" > "$work/code/environments/production/environment.conf"

# puppetserver through the harness tests/server/puppetserver.sh (its
# confdir, vardir and logs in $work/ps, the CA service off, two JRuby
# instances); pjit reads the same puppet.conf, with its own vardir.
sh "$root/tests/server/puppetserver.sh" start "$work/ps" "$ps_port" "$ssl" "$work/code/environments" 2
ps_pid=$(cat "$work/ps/puppetserver.pid")
"$pjit" server --config "$work/ps/puppet.conf" --vardir "$work/pjit-var" --bind "127.0.0.1:$pjit_port" --workers 2 \
    --access-log "$work/pjit-access.log" 2>"$work/pjit.log" &
pjit_pid=$!

curl_as() { # NODE ARGS...: curl with NODE's certificate
    node=$1
    shift
    curl -s --cacert "$work/pki/ca.pem" --cert "$work/pki/$node.pem" --key "$work/pki/$node.key" "$@"
}
wait_up() { # PORT NAME
    i=0
    until curl_as small.example.com -o /dev/null "https://127.0.0.1:$1/status/v1/simple"; do
        i=$((i + 1))
        [ $i -lt 600 ] || { echo "$2 did not start" >&2; exit 1; }
        sleep 1
    done
}
wait_up "$pjit_port" "pjit server"


# The facts as an agent posts them.
for node in big.example.com small.example.com; do
    python3 - "$root/tests/modules/facts.json" "$node" > "$work/$node.form" <<'PY'
import json, sys, urllib.parse
values = json.load(open(sys.argv[1]))
doc = json.dumps({"name": sys.argv[2], "values": values})
print("environment=production&facts_format=application%2Fjson&static_catalog=false&facts="
      + urllib.parse.quote(urllib.parse.quote(doc, safe=""), safe=""), end="")
PY
done
catalog() { # PORT NODE OUT
    curl_as "$2" --max-time 300 -o "$3" --data-binary "@$work/$2.form" \
        -H "Content-Type: application/x-www-form-urlencoded" "https://127.0.0.1:$1/puppet/v3/catalog/$2?environment=production"
}
for node in big.example.com small.example.com; do
    catalog "$ps_port" "$node" "$work/ps-$node.json"
    catalog "$pjit_port" "$node" "$work/pjit-$node.json"
    python3 - "$work/ps-$node.json" "$work/pjit-$node.json" "$node" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for c in (a, b):
    for k in ("version", "code_id", "catalog_uuid"):
        c.pop(k, None)
if a != b:
    sys.exit(f"puppetserver and pjit server give different catalogs for {sys.argv[3]}")
print(f"{sys.argv[3]}: same catalog from both servers, {len(b['resources'])} resources")
PY
done

# cpu PID: the process's user + system time in clock ticks.
cpu() { sed 's/.*) //' "/proc/$1/stat" | awk '{print $12 + $13}'; }
hz=$(getconf CLK_TCK)
# run PORT NODE: REQUESTS requests at CONCURRENCY; appends latencies.
run() {
    cfg="$work/run.cfg"
    : > "$cfg"
    i=0
    while [ $i -lt "$requests" ]; do
        echo "url = \"https://127.0.0.1:$1/puppet/v3/catalog/$2?environment=production&r=$i\"" >> "$cfg"
        echo "output = \"/dev/null\"" >> "$cfg"
        i=$((i + 1))
    done
    pid=$pjit_pid
    [ "$1" = "$ps_port" ] && pid=$ps_pid
    cpu0=$(cpu "$pid")
    start=$(date +%s.%N)
    curl_as "$2" --parallel --parallel-max "$concurrency" --max-time 300 --data-binary "@$work/$2.form" \
        -H "Content-Type: application/x-www-form-urlencoded" -w "%{http_code} %{time_total}\n" -K "$cfg" > "$work/out"
    end=$(date +%s.%N)
    cpu1=$(cpu "$pid")
    bad=$(grep -vc '^200 ' "$work/out" || true)
    [ "$bad" -eq 0 ] || { echo "$bad requests failed on port $1" >&2; exit 1; }
    echo "$start $end $((cpu1 - cpu0))" >> "$work/times-$1-$2"
    cut -d' ' -f2 "$work/out" >> "$work/lat-$1-$2"
}
# Warm-up: both servers compile every role until their JIT/JRuby is warm.
for node in big.example.com small.example.com; do
    for port in "$ps_port" "$pjit_port"; do
        requests_saved=$requests
        requests=40
        run "$port" "$node"
        requests=$requests_saved
        rm -f "$work/times-$port-$node" "$work/lat-$port-$node"
    done
done
r=0
while [ $r -lt "$rounds" ]; do
    for node in big.example.com small.example.com; do
        run "$ps_port" "$node"
        run "$pjit_port" "$node"
    done
    r=$((r + 1))
done
rss() { awk '/^VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$1/status"; }
hwm() { awk '/^VmHWM/ {printf "%.0f", $2 / 1024}' "/proc/$1/status"; }
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "puppetserver: RSS $(rss "$ps_pid") MB (peak $(hwm "$ps_pid") MB, JVM -Xmx2g); pjit server: RSS $(rss "$pjit_pid") MB (peak $(hwm "$pjit_pid") MB)"
python3 - "$work" "$ps_port" "$pjit_port" "$requests" "$concurrency" "$rounds" "$hz" <<'PY'
import statistics, sys
work, ps, pj, n, c, rounds, hz = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6], int(sys.argv[7])
print(f"{rounds} rounds of {n} requests per server and role, {c} at a time")
print("| role | server | catalogs/s | p50 (ms) | p99 (ms) | CPU per catalog (ms) |")
print("|---|---|---|---|---|---|")
rates, cpus = {}, {}
for node in ("big.example.com", "small.example.com"):
    for name, port in (("puppetserver 7.9.5", ps), ("pjit server", pj)):
        spans = [tuple(map(float, l.split())) for l in open(f"{work}/times-{port}-{node}")]
        rate = n * len(spans) / sum(e - s for s, e, _ in spans)
        cpu = sum(t for _, _, t in spans) / hz * 1000 / (n * len(spans))
        lat = sorted(float(x) * 1000 for x in open(f"{work}/lat-{port}-{node}"))
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
        rates[(node, name)], cpus[(node, name)] = rate, cpu
        print(f"| {node} | {name} | {rate:.1f} | {statistics.median(lat):.1f} | {p99:.1f} | {cpu:.2f} |")
for node in ("big.example.com", "small.example.com"):
    a, b = (node, "pjit server"), (node, "puppetserver 7.9.5")
    print(f"{node}: pjit server / puppetserver = {rates[a] / rates[b]:.0f}x catalogs/s, {cpus[b] / max(cpus[a], 1e-9):.0f}x less CPU per catalog")
PY
