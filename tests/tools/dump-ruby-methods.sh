#!/bin/sh
# Writes runtime/data/ruby_methods.json: the method names of the Ruby objects
# ERB templates work with (String, Array, Hash, Integer, ..., Puppet's
# TemplateWrapper and Scope), as `obj.methods` lists them inside a template
# Puppet 7.23 renders (Puppet and its libraries loaded, Debian's modules on
# the modulepath), in Ruby's order. The ERB engine's "Did you mean?"
# suggestions (Ruby's did_you_mean) pick from these lists.
# Needs Puppet and the oracle (../../../shared/oracle/oracle.rb or $ORACLE).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
oracle=${ORACLE:-"$here/../../../shared/oracle/oracle.rb"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/dump.pp" <<'PP'
$methods = inline_template(@(ERB))
<%=
  require 'ipaddr'
  samples = {
    'NilClass' => nil, 'TrueClass' => true, 'FalseClass' => false, 'Integer' => 1, 'Float' => 1.5,
    'String' => '', 'Symbol' => :s, 'Array' => [], 'Hash' => {}, 'Range' => (1..2),
    'Regexp' => //, 'MatchData' => 'a'.match(/a/), 'IPAddr' => IPAddr.new('127.0.0.1'),
    'Puppet::Parser::TemplateWrapper' => self, 'Puppet::Parser::Scope' => scope,
  }
  out = samples.to_h { |k, v| [k, (v.methods + v.singleton_methods).uniq.map(&:to_s)] }
  out['Puppet::Parser::TemplateWrapper (private)'] = self.private_methods.map(&:to_s)
  out.to_json
%>
| ERB
notice($methods)
PP
ruby "$oracle" --stdout -q --modulepath /usr/share/puppet/modules "$tmp/dump.pp" |
    ruby -rjson -e 'd = JSON.parse($stdin.readline); puts JSON.pretty_generate(JSON.parse(d["logs"][0].sub(/\Anotice: /, "")))' \
    > "$here/../../runtime/data/ruby_methods.json"
