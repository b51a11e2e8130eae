#!/usr/bin/env ruby
# frozen_string_literal: true
#
# bless.rb - Puppet 7.23's answers for the Hiera test environments.
#
# Each directory below a root (tests/hiera/envs, tests/hiera/modules) is a
# directory environment: `manifests/site.pp`, an optional environment-layer
# `hiera.yaml` with its data, optional `modules/`, and optionally
# `global/hiera.yaml`, which becomes the global layer (Puppet's
# `hiera_config` setting). The shared oracle (`../shared/oracle/oracle.rb`)
# compiles a manifest in an environment without a directory, so it has no
# environment layer; this script compiles through Puppet's own directory
# environments (`Puppet::Environments::Directories`) instead, the way
# `puppet catalog compile --environmentpath ROOT --environment NAME` does,
# with the oracle's node, facts and trusted data.
#
# Usage: ruby bless.rb [--basemodulepath DIRS] ROOT [CASE...]
# Writes ROOT/CASE/expected.json (the oracle's document format: ok, logs,
# error, catalog, puppet_logs; paths below ROOT/CASE and below the
# basemodulepath directories written relative to them).

require 'json'
require 'tmpdir'
require 'fileutils'

ORACLE_DIR = ENV['ORACLE_DIR'] || File.expand_path('../../../shared/oracle', __dir__)
FACTS_FILE = File.join(ORACLE_DIR, 'facts', 'testnode.json')
NODE = 'testnode.example.com'

basemodulepath = []
if ARGV[0] == '--basemodulepath'
  ARGV.shift
  basemodulepath = ARGV.shift.split(':').map { |d| File.expand_path(d) }
end
root = File.expand_path(ARGV.shift || abort('usage: bless.rb [--basemodulepath DIRS] ROOT [CASE...]'))
names = ARGV.empty? ? Dir.children(root).select { |d| File.directory?(File.join(root, d)) }.sort : ARGV

state = Dir.mktmpdir('pjit-hiera-bless-')
at_exit { FileUtils.rm_rf(state) }
%w[conf var code log run].each { |d| FileUtils.mkdir_p(File.join(state, d)) }

require 'puppet'
Puppet.initialize_settings(['--confdir', File.join(state, 'conf'), '--vardir', File.join(state, 'var'),
                            '--codedir', File.join(state, 'code'), '--logdir', File.join(state, 'log'),
                            '--rundir', File.join(state, 'run'), '--certname', NODE])
Puppet::Util::Log.level = :notice

# Every message Puppet logs.
class Collector
  attr_reader :entries

  def initialize
    @entries = []
  end
end
Puppet::Util::Log.newdesttype :bless_collector do
  match 'Collector'
  def initialize(c)
    @c = c
  end

  def handle(msg)
    @c.entries << msg
  end
end
COLLECTOR = Collector.new
Puppet::Util::Log.close_all
Puppet::Util::Log.newdestination(COLLECTOR)

FACTS = JSON.parse(File.read(FACTS_FILE)).freeze

def compile(root, name, basemodulepath)
  dir = File.join(root, name)
  global = File.join(dir, 'global', 'hiera.yaml')
  # No global hiera.yaml: a path that does not exist, as Puppet's default
  # ($confdir/hiera.yaml) does not on a fresh node.
  Puppet[:hiera_config] = File.exist?(global) ? global : File.join(dir, 'global', 'absent.yaml')
  Puppet[:environmentpath] = root
  Puppet[:basemodulepath] = basemodulepath.join(':')
  # `# @setting strict = error` lines of site.pp, as the oracle reads them.
  settings = { 'strict' => 'warning', 'strict_variables' => 'false' }
  site = File.join(dir, 'manifests', 'site.pp')
  File.read(site).scan(/^\s*#\s*@setting\s+(\w+)\s*=\s*(\S+)\s*$/) { |k, v| settings[k] = v } if File.exist?(site)
  Puppet[:strict] = settings['strict'].to_sym
  Puppet[:strict_variables] = settings['strict_variables'] == 'true'
  Puppet::Util::Warnings.clear_warnings
  $unique_warnings&.clear
  $deprecation_warnings&.clear
  COLLECTOR.entries.clear
  result = { 'ok' => false, 'logs' => [], 'error' => nil, 'catalog' => nil }
  begin
    loader = Puppet::Environments::Directories.new(root, basemodulepath)
    env = Puppet.override({ environments: loader }, 'bless') { loader.get(name) } or raise "no environment #{name}"
    Puppet.override({ current_environment: env, environments: loader }, 'bless') do
      facts = Puppet::Node::Facts.new(NODE, Marshal.load(Marshal.dump(FACTS)))
      node = Puppet::Node.new(NODE, environment: env)
      node.fact_merge(facts)
      node.add_server_facts('serverversion' => Puppet.version.to_s)
      # A case's trusted.json is the node's certificate data, as a server
      # compile gets it (TrustedInformation.remote(...).to_h); without it, a
      # local compile's.
      trusted = File.join(root, name, 'trusted.json')
      node.trusted_data = if File.exist?(trusted)
                            JSON.parse(File.read(trusted))
                          else
                            Puppet::Context::TrustedInformation.local(node).to_h
                          end
      catalog = Puppet::Parser::Compiler.compile(node).filter(&:virtual?)
      data = JSON.parse(catalog.to_json)
      %w[version catalog_uuid code_id].each { |k| data.delete(k) }
      result['ok'] = true
      result['catalog'] = data
    end
  rescue Exception => e # rubocop:disable Lint/RescueException
    warn e.backtrace.first(8).join("\n") if ENV["BLESS_DEBUG"]
    result['error'] = e.message.to_s
  end
  logs = []
  puppet_logs = []
  COLLECTOR.entries.each do |msg|
    next unless %i[notice warning err alert emerg crit].include?(msg.level)
    line = "#{msg.level}: #{msg}"
    if msg.source.to_s.start_with?('Scope(')
      logs << line
    elsif !(result['error'] && msg.level == :err && result['error'].include?(msg.message.to_s))
      puppet_logs << line
    end
  end
  result['logs'] = logs
  result['puppet_logs'] = puppet_logs
  prefixes = ([dir] + basemodulepath).map { |d| "#{d}/" }.sort_by { |d| -d.length }
  relative(result, prefixes)
end

# Ruby object addresses differ between runs (as in the oracle).
ADDRESS = /(#<[A-Za-z_][\w:]*):0x[0-9a-f]+/.freeze

def relative(v, prefixes)
  case v
  when String
    masked = v.gsub(ADDRESS, '\\1:0x<addr>').gsub(/>:0x[0-9a-f]+/, '>:0x<addr>')
    prefixes.reduce(masked) { |s, p| s.gsub(p, '') }
  when Array then v.map { |x| relative(x, prefixes) }
  when Hash then v.to_h { |k, x| [relative(k, prefixes), relative(x, prefixes)] }
  else v
  end
end

names.each do |name|
  # Relative paths in hiera.yaml (a Hiera 3 datadir) are relative to the
  # working directory: the case's directory.
  doc = Dir.chdir(File.join(root, name)) { compile(root, name, basemodulepath) }
  text = JSON.pretty_generate(doc).gsub(/\[\n\s*\]/, '[]').gsub(/\{\n\s*\}/, '{}') + "\n"
  File.write(File.join(root, name, 'expected.json'), text)
  warn format('%-6s %s', doc['ok'] ? 'ok' : 'FAILED', name)
end
