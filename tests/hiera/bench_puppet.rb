#!/usr/bin/env ruby
# frozen_string_literal: true
#
# bench_puppet.rb - end-to-end lookup cost, Puppet 7.23 against pjit, for
# BENCHMARKS.md ("Hiera"). Writes the environment of benches/hiera.rs (a
# three-level hierarchy, 100 interpolated keys, a nested hash, hashes to
# deep-merge) to a temporary directory, with a manifest doing 15,000 lookups
# (the three kinds, 50 times over the 100 keys) and a baseline manifest with
# the same loops and no lookups; prints Puppet's compile times (best of 5
# after 3 warm-ups, in this Ruby process) and, given the path of a pjit
# binary, `pjit compile`'s.
#
# Usage: ruby tests/hiera/bench_puppet.rb [PJIT]

require 'tmpdir'
require 'json'
require 'fileutils'

FACTS_FILE = File.expand_path('../eval/facts.json', __dir__)
K = 100
R = 50
root = Dir.mktmpdir('pjit-hiera-bench-')
at_exit { FileUtils.rm_rf(root) }
env = File.join(root, 'bench')
%w[data/nodes data/os manifests].each { |d| FileUtils.mkdir_p(File.join(env, d)) }
FileUtils.mkdir_p(File.join(root, 'base', 'manifests'))
File.write(File.join(env, 'hiera.yaml'), <<~YAML)
  version: 5
  defaults:
    data_hash: yaml_data
  hierarchy:
    - name: node
      path: "nodes/%{trusted.certname}.yaml"
    - name: os
      path: "os/%{facts.os.family}-%{facts.os.release.major}.yaml"
    - name: common
      path: common.yaml
YAML
common = +"base: /srv\nnested:\n  a:\n    b:\n"
K.times { |i| common << "      k#{i}: {value: #{i}, list: [a, b]}\n" }
K.times do |i|
  common << "k#{i}: \"%{facts.os.family}-%{lookup('base')}-#{i}\"\n"
  common << "h#{i}: {common: #{i}, shared: {x: 1, list: [1, 2]}}\n"
end
os = +''
(0...K).step(2) do |i|
  os << "k#{i}: \"os %{::hostname} #{i}\"\n"
  os << "h#{i}: {os: #{i}, shared: {y: 2, list: [3]}}\n"
end
File.write(File.join(env, 'data', 'common.yaml'), common)
File.write(File.join(env, 'data', 'os', 'Debian-12.yaml'), os)
File.write(File.join(env, 'data', 'nodes', 'testnode.example.com.yaml'), "k1: node\n")
File.write(File.join(env, 'manifests', 'site.pp'),
           "#{R}.each |$r| { #{K}.each |$i| { $v = lookup(\"k${i}\") $w = lookup(\"nested.a.b.k${i}.list.1\") " \
           "$x = lookup(\"h${i}\", Hash, 'deep') } }\n")
File.write(File.join(root, 'base', 'manifests', 'site.pp'),
           "#{R}.each |$r| { #{K}.each |$i| { $v = \"k${i}\" $w = \"nested.a.b.k${i}.list.1\" $x = \"h${i}\" } }\n")
lookups = R * K * 3

state = Dir.mktmpdir
require 'puppet'
Puppet.initialize_settings(['--confdir', state, '--vardir', state, '--codedir', state, '--logdir', state, '--rundir', state])
Puppet::Util::Log.level = :err
FACTS = JSON.parse(File.read(FACTS_FILE))

def compile(root, name)
  Puppet[:environmentpath] = root
  Puppet[:basemodulepath] = ''
  Puppet[:hiera_config] = File.join(root, 'no-global-hiera.yaml')
  loader = Puppet::Environments::Directories.new(root, [])
  env = Puppet.override({ environments: loader }) { loader.get(name) }
  Puppet.override({ current_environment: env, environments: loader }) do
    node = Puppet::Node.new('testnode.example.com', environment: env)
    node.fact_merge(Puppet::Node::Facts.new('testnode.example.com', Marshal.load(Marshal.dump(FACTS))))
    node.trusted_data = Puppet::Context::TrustedInformation.local(node).to_h
    t = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    Puppet::Parser::Compiler.compile(node)
    Process.clock_gettime(Process::CLOCK_MONOTONIC) - t
  end
end

3.times { compile(root, 'base'); compile(root, 'bench') }
b = (1..5).map { compile(root, 'base') }.min
h = (1..5).map { compile(root, 'bench') }.min
printf("Puppet: base %.3f s, lookups %.3f s: %.1f us per lookup (%d lookups)\n", b, h, (h - b) / lookups * 1e6, lookups)

if (pjit = ARGV[0])
  run = lambda do |name|
    t = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    ok = system(pjit, 'compile', 'testnode.example.com', '--environmentpath', root, '--environment', name,
                '--facts', FACTS_FILE, out: File::NULL)
    raise "pjit failed on #{name}" unless ok

    Process.clock_gettime(Process::CLOCK_MONOTONIC) - t
  end
  pb = (1..5).map { run.call('base') }.min
  ph = (1..5).map { run.call('bench') }.min
  printf("pjit:   base %.3f s, lookups %.3f s: %.1f us per lookup\n", pb, ph, (ph - pb) / lookups * 1e6)
end
