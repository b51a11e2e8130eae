#!/bin/sh
# Makes a throwaway Puppet-style PKI in DIR with openssl: a CA (ca.pem,
# ca.key), a server certificate (server.test, for 127.0.0.1 and
# localhost), agent certificates (a1.test with the pp_role extension
# "webserver", a2.test, r1.test, tool.test) and a CRL (crl.pem) in which
# r1.test is revoked; any further arguments are more agent certnames.
# Used by tests/server.rs and benches/server/compare.sh.
set -eu
dir="$1"
shift
mkdir -p "$dir"
cd "$dir"
cat > ca.cnf <<'CNF'
[ca]
default_ca = ca_default
[ca_default]
database = index.txt
crlnumber = crlnumber
default_md = sha256
default_crl_days = 30
crl_extensions = crl_ext
[crl_ext]
authorityKeyIdentifier = keyid:always
[ca_ext]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[server_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth,clientAuth
subjectAltName = DNS:server.test,DNS:localhost,IP:127.0.0.1
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[agent_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth,clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[role_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth,clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
1.3.6.1.4.1.34380.1.1.13 = ASN1:UTF8String:webserver
1.3.6.1.4.1.34380.1.2.1 = ASN1:UTF8String:rack-7
CNF
: > index.txt
echo 01 > crlnumber
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 30 \
    -subj "/CN=Puppet CA: pjit test" -config ca.cnf -extensions ca_ext 2>/dev/null
serial=1000
cert() { # NAME EXTENSIONS
    serial=$((serial + 1))
    openssl req -newkey rsa:2048 -nodes -keyout "$1.key" -out "$1.csr" -subj "/CN=$1" 2>/dev/null
    openssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca.key -set_serial "$serial" -days 30 -sha256 \
        -extfile ca.cnf -extensions "$2" -out "$1.pem" 2>/dev/null
    rm -f "$1.csr"
}
cert server.test server_ext
cert a1.test role_ext
cert a2.test agent_ext
cert r1.test agent_ext
cert tool.test agent_ext
for name in "$@"; do
    cert "$name" agent_ext
done
openssl ca -config ca.cnf -keyfile ca.key -cert ca.pem -revoke r1.test.pem 2>/dev/null
openssl ca -config ca.cnf -keyfile ca.key -cert ca.pem -gencrl -out crl.pem 2>/dev/null
