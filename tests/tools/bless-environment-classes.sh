#!/bin/sh
# Puppet Server's answers to GET /puppet/v3/environment_classes for the
# environments of tests/server/classes/environments (production: every
# kind of parameter, nested classes, files that do not parse or validate,
# hidden files and badly named modules; single: a main manifest file;
# trixie: ten of Debian 13's current modules), the goldens of
# tests/server.rs's environment classes test. Paths in them are relative
# to the checkout.
#
# Usage: tests/tools/bless-environment-classes.sh   (puppetserver on
# 127.0.0.1:8144, PJIT_PS_CLASSES_PORT; about two minutes)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
port=${PJIT_PS_CLASSES_PORT:-8144}
work=$root/target/bless-environment-classes
data=$root/tests/server/classes
[ -d "$root/target/trixie-modules/mysql" ] || "$root/tests/tools/trixie-modules.sh"
rm -rf "$work"
sh "$root/tests/server/make-pki.sh" "$work/pki"
ssl=$work/ssl
mkdir -p "$ssl/certs" "$ssl/private_keys"
cp "$work/pki/ca.pem" "$ssl/certs/ca.pem"
cp "$work/pki/server.test.pem" "$ssl/certs/server.test.pem"
cp "$work/pki/server.test.key" "$ssl/private_keys/server.test.pem"
cp "$work/pki/crl.pem" "$ssl/crl.pem"
trap 'sh "$root/tests/server/puppetserver.sh" stop "$work/ps"' EXIT INT TERM
sh "$root/tests/server/puppetserver.sh" start "$work/ps" "$port" "$ssl" "$data/environments" 1
mkdir -p "$data/expected"
for env in production single trixie; do
    curl -sf --cacert "$work/pki/ca.pem" --cert "$work/pki/tool.test.pem" --key "$work/pki/tool.test.key" \
        -o "$work/$env.json" "https://127.0.0.1:$port/puppet/v3/environment_classes?environment=$env"
    python3 - "$work/$env.json" "$root/" "$data/expected/$env.json" <<'PY'
import json, sys
body, root, out = sys.argv[1:4]
text = open(body, encoding="utf-8").read().replace(root, "")
json.dump(json.loads(text), open(out, "w", encoding="utf-8"), indent=1, ensure_ascii=False)
open(out, "a").write("\n")
print(out)
PY
done
