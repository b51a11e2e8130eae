#!/bin/sh
# The Ruby bridge's tests (tests/bridge.rs, tests/forge.rs) run modules'
# Ruby code with Puppet's own Ruby library: Debian's `puppet` package
# (Ruby 3.1 + Puppet 7.23), and the Resource API library that current
# modules' types are written with (firewall 8's `Puppet::ResourceApi`).
set -eu
if ruby -e "require 'puppet'; require 'puppet/resource_api'" 2>/dev/null; then
    exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get -o DPkg::Lock::Timeout=900 update -qq
$SUDO apt-get -o DPkg::Lock::Timeout=900 install -y -qq puppet ruby-puppet-resource-api >/dev/null
