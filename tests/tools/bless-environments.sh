#!/bin/sh
# Regenerates Puppet's catalogs for the directory environments of
# tests/environments/: tests/environments/<env>.json, written by Puppet
# 7.23's `puppet catalog compile` (Debian's puppet-agent) for the node
# testnode.example.com with the facts of tests/eval/facts.json. These cover
# what the oracle cannot: it compiles a single manifest, while these use
# the environment itself (environment.conf, manifests/, the environment's
# own functions/ and types/, its modules/). Needs Puppet; the tests do not.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=$(cd "$here/../environments" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/var/yaml/facts"
ruby -ryaml -rjson -e 'v = JSON.parse(File.read(ARGV[0]));
  File.write(ARGV[1], "--- !ruby/object:Puppet::Node::Facts\nname: testnode.example.com\nvalues:\n" + v.to_yaml.sub(/\A---\n/, "").gsub(/^/, "  "))' \
  "$here/../eval/facts.json" "$work/var/yaml/facts/testnode.example.com.yaml"
for env in "$dir"/*/; do
  name=$(basename "$env")
  puppet catalog compile testnode.example.com --environmentpath "$dir" --environment "$name" \
    --render-as json --confdir "$work/conf" --vardir "$work/var" --codedir "$work/code" \
    --facts_terminus yaml 2>/dev/null | sed -n '/^{/,$p' > "$dir/$name.json"
  # Paths below the environments directory, as the test compiles them.
  sed -i "s|$dir/||g" "$dir/$name.json"
done
