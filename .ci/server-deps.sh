#!/bin/sh
# What tests/server.rs needs: Debian's Puppet 7 agent (`puppet`), curl and
# openssl (the test's throwaway CA and its HTTPS client).
set -eu
missing=""
command -v puppet >/dev/null 2>&1 || missing="$missing puppet"
command -v curl >/dev/null 2>&1 || missing="$missing curl"
command -v openssl >/dev/null 2>&1 || missing="$missing openssl"
[ -z "$missing" ] && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get -o DPkg::Lock::Timeout=900 update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=900 install -y -qq $missing >/dev/null
