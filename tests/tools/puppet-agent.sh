#!/bin/sh
# One `puppet agent --test` run of NODE against the catalog server on
# 127.0.0.1:PORT (Puppet Server for the goldens, `pjit server` in the
# tests): the same run for both, so that tests/puppetdb.rs and
# tests/tools/bless-puppetdb-agents.py compare like with like.
#
#   tests/tools/puppet-agent.sh DIR NODE PORT SSLDIR FACTS EXTRA ENVIRONMENT
#
# DIR/NODE holds the agent's own directories: its ssldir (the CA
# certificate and CRL of SSLDIR, NODE's certificate and key from there),
# confdir, vardir, ... and `out`, where the catalog may write. Its facts
# are the file FACTS (JSON) with the JSON object EXTRA merged in and
# `agent_dir` (DIR/NODE/out), read through Puppet's `yaml` facts terminus
# so that a run does not depend on the machine's own facts. The agent's
# output goes to stdout, its exit status is the script's (`--test`: 0 no
# changes, 2 changes, 1/4/6 failures).
set -eu
dir=$1
node=$2
port=$3
ssl=$4
facts=$5
extra=$6
environment=$7
a=$dir/$node
mkdir -p "$a/ssl/certs" "$a/ssl/private_keys" "$a/var/client_yaml/facts" "$a/out"
cp "$ssl/certs/ca.pem" "$a/ssl/certs/ca.pem"
cp "$ssl/crl.pem" "$a/ssl/crl.pem"
cp "$ssl/certs/$node.pem" "$a/ssl/certs/$node.pem"
cp "$ssl/private_keys/$node.pem" "$a/ssl/private_keys/$node.pem"
# Puppet::Node::Facts as the yaml terminus reads it.
ruby -rjson -ryaml -e '
    values = JSON.parse(File.read(ARGV[1])).merge(JSON.parse(ARGV[2])).merge("agent_dir" => ARGV[3])
    puts "--- !ruby/object:Puppet::Node::Facts"
    puts({ "name" => ARGV[0], "values" => values }.to_yaml.sub(/\A---\n/, ""))
' "$node" "$facts" "$extra" "$a/out" >"$a/var/client_yaml/facts/$node.yaml"
exec puppet agent --test --server 127.0.0.1 --serverport "$port" --certname "$node" \
    --environment "$environment" --color false --facts_terminus yaml \
    --confdir "$a/conf" --vardir "$a/var" --logdir "$a/log" --rundir "$a/run" \
    --codedir "$a/code" --publicdir "$a/public" --ssldir "$a/ssl" 2>&1
