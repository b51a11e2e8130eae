#!/bin/sh
# CI: installs Debian's postgresql and puppetdb (7.12) when missing and
# starts the private PuppetDB the PuppetDB tests use (tests/tools/puppetdb.sh:
# PostgreSQL on 127.0.0.1:5490 (cluster in /var/tmp), PuppetDB on 127.0.0.1:8090 and 8091, state
# in target/puppetdb). Its start takes about 30 s on an idle 2-core machine
# (80 s under load); tests/puppetdb.rs would start it too, this only makes
# the wait happen before the build rather than inside the tests.
set -eu
cd "$(dirname "$0")/.."
if [ ! -x /usr/lib/postgresql/15/bin/initdb ] || [ ! -f /usr/share/puppetdb/puppetdb.jar ] || ! command -v curl >/dev/null; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get -o DPkg::Lock::Timeout=900 update -qq
    $SUDO apt-get -o DPkg::Lock::Timeout=900 install -y -qq postgresql puppetdb curl openssl >/dev/null
fi
tests/tools/puppetdb.sh start
