#!/usr/bin/env ruby
# Regenerates runtime/tests/erb/modules/expected.jsonl: Puppet 7.23's
# rendering of every ERB template of Debian's Puppet modules
# (/usr/share/puppet/modules, 383 templates), in two variants:
#
#   empty  no variables besides the facts (module_facts.json)
#   typed  variables shaped from how the template uses them: the template's
#          code is parsed with Ripper and each `@x` it reads / `scope['c::x']` /
#          `scope.lookupvar('c::x')` gets a value of the shape its uses call
#          for (a hash with the literal keys it is indexed with, an array
#          whose elements are shaped by the block parameters that receive
#          them, an integer when compared with numbers, else a string)
#
# Each variant is a manifest compiled by the oracle (../../../../shared/oracle)
# with the modules on the modulepath: qualified variables live in classes
# declared in the manifest, the others at top scope, then
# `notice(template('/abs/path.erb'))`. The expectation keeps the variables
# (so the Rust test can set up the same scope), Puppet's error or the
# SHA-256 and length of the output, and the messages logged.
#
#   ruby runtime/tests/erb/modules/bless.rb [MODULES_DIR]
require 'erb'
require 'ripper'
require 'json'
require 'digest'
require 'tmpdir'

HERE = __dir__
ROOT = ARGV[0] || '/usr/share/puppet/modules'
ORACLE = [File.expand_path('../../../../../shared/oracle/oracle.rb', HERE), '/work/shared/oracle/oracle.rb'].find { |f| File.exist?(f) }
FACTS_FILE = File.join(HERE, 'module_facts.json')
FACTS = JSON.parse(File.read(FACTS_FILE))
RESERVED = %w[facts trusted server_facts title name module_name caller_module_name environment serverversion
              clientcert clientversion servername serverip].freeze

def walk_dir(dir, out, depth = 0)
  return if depth > 20
  Dir.children(dir).sort.each do |c|
    p = File.join(dir, c)
    if File.directory?(p)
      walk_dir(p, out, depth + 1)
    elsif c.end_with?('.erb') && File.file?(p)
      out << p
    end
  end
end

# Usage of one variable (or element / hash value) key.
class Usage
  attr_reader :methods, :index_keys, :num, :hashy_block
  def initialize
    @methods = {}
    @index_keys = []
    @num = false
    @hashy_block = false
  end

  def add_method(m) = (@methods[m] = true)
  def add_key(k) = (@index_keys << k unless @index_keys.include?(k))
  def numeric! = (@num = true)
  def hashy_block! = (@hashy_block = true)
end

HASHY = %w[each_pair keys values has_key? key? fetch each_key each_value merge has_value? value? transform_values].freeze
ARRAYY = %w[each map collect join sort sort_by flatten compact uniq first last select reject each_with_index zip
            min max each_slice find_all inject reduce delete_if collect_concat flat_map group_by partition].freeze
SAME = %w[sort uniq compact flatten reverse select reject sort_by to_a dup clone].freeze

class Inferer
  attr_reader :uses

  def initialize
    @uses = Hash.new { |h, k| h[k] = Usage.new }
    @locals = {}
  end

  def name_of(t) = t.is_a?(Array) ? t[1] : t.to_s

  def str_lit(n)
    return nil unless n.is_a?(Array)
    if n[0] == :string_literal && n[1].is_a?(Array) && n[1][0] == :string_content && n[1].length == 2 &&
       n[1][1].is_a?(Array) && n[1][1][0] == :@tstring_content
      return n[1][1][1]
    end
    return '' if n[0] == :string_literal && n[1] == [:string_content]
    nil
  end

  def first_arg(args)
    # [:arg_paren, [:args_add_block, [x], false]] or [:args_add_block, [x], false]
    a = args
    a = a[1] if a.is_a?(Array) && a[0] == :arg_paren
    a = a[1] if a.is_a?(Array) && a[0] == :args_add_block
    a.is_a?(Array) ? a[0] : nil
  end

  def scope?(n) = n.is_a?(Array) && %i[vcall var_ref].include?(n[0]) && name_of(n[1]) == 'scope'

  # The variable key an expression stands for, or nil.
  def key(n)
    return nil unless n.is_a?(Array)
    case n[0]
    when :var_ref
      t = n[1]
      return "@#{t[1][1..]}" if t.is_a?(Array) && t[0] == :@ivar
      return @locals[t[1]] if t.is_a?(Array) && t[0] == :@ident
    when :paren
      return key(n[1][0]) if n[1].is_a?(Array) && n[1].length == 1
    when :aref
      if scope?(n[1])
        s = str_lit(first_arg(n[2]))
        return scope_key(s) if s
      end
      k = key(n[1])
      s = str_lit(first_arg(n[2]))
      if k && s
        @uses[k].add_key(s)
        return "#{k}/#{s}"
      end
    when :method_add_arg
      c = n[1]
      if c.is_a?(Array) && c[0] == :call && scope?(c[1]) && name_of(c[3]) == 'lookupvar'
        s = str_lit(first_arg(n[2]))
        return scope_key(s) if s
      end
      if c.is_a?(Array) && c[0] == :fcall && name_of(c[1]) == 'Array'
        return key(first_arg(n[2]))
      end
    when :call
      m = name_of(n[3])
      k = key(n[1])
      return nil unless k
      return k if SAME.include?(m)
      return "#{k}/*" if m == 'values'
      return "#{k}/keys" if m == 'keys'
    end
    nil
  end

  def scope_key(s)
    s = s.sub(/\A::/, '')
    s.include?('::') ? "scope:#{s}" : "@#{s}"
  end

  def block_params(block)
    # [:do_block/brace_block, [:block_var, [:params, reqs, ...], ...], body]
    bv = block[1]
    return [] unless bv.is_a?(Array) && bv[0] == :block_var
    params = bv[1]
    return [] unless params.is_a?(Array)
    (params[1] || []).map { |p| p.is_a?(Array) && p[0] == :@ident ? p[1] : (p.is_a?(Array) && p[0] == :mlhs ? p : nil) }
  end

  def walk(n)
    return unless n.is_a?(Array)
    case n[0]
    when :var_ref
      # Any `@x` the template reads gets a value (a string unless its uses
      # ask for another shape), so that a variable only passed on (to a
      # function, into an array) is set too.
      k = key(n)
      @uses[k] if k && k.start_with?('@')
    when :method_add_block
      call = n[1]
      recv, meth = nil, nil
      c = call[0] == :method_add_arg ? call[1] : call
      if c.is_a?(Array) && %i[call command_call].include?(c[0])
        recv = c[1]
        meth = name_of(c[3])
      end
      k = recv && key(recv)
      if k
        @uses[k].add_method(meth)
        ps = block_params(n[2])
        if %w[each each_pair map collect select reject sort_by].include?(meth) && ps.length >= 2
          @uses[k].hashy_block!
          @locals[ps[0]] = "#{k}/keys" if ps[0].is_a?(String)
          @locals[ps[1]] = "#{k}/*" if ps[1].is_a?(String)
        elsif ps[0].is_a?(String)
          @locals[ps[0]] = "#{k}/*"
        end
      end
    when :call, :command_call
      k = key(n[1])
      @uses[k].add_method(name_of(n[3])) if k && n[3].is_a?(Array)
    when :aref
      k = key(n[1])
      if k
        s = str_lit(first_arg(n[2]))
        s ? @uses[k].add_key(s) : @uses[k].add_method('[]')
      end
    when :binary
      k = key(n[1]) || key(n[3])
      other = key(n[1]) ? n[3] : n[1]
      if k && %i[> < >= <= + - * /].include?(n[2]) && other.is_a?(Array) && other[0] == :@int
        @uses[k].numeric!
      end
    when :method_add_arg
      c = n[1]
      if c.is_a?(Array) && c[0] == :fcall && %w[Integer].include?(name_of(c[1]))
        k = key(first_arg(n[2]))
        @uses[k].numeric! if k
      end
    end
    n.each { |x| walk(x) if x.is_a?(Array) }
  end

  def value(k, depth = 0)
    u = @uses.key?(k) ? @uses[k] : Usage.new
    leaf = k.split(%r{[/:@]}).reject(&:empty?).last || 'v'
    return "#{leaf}_value" if depth > 4
    m = u.methods.keys
    if !u.index_keys.empty? || u.hashy_block || (m & HASHY).any?
      keys = u.index_keys.empty? ? %w[key1 key2] : u.index_keys
      keys.to_h { |ik| [ik, value(u.index_keys.empty? ? "#{k}/*" : "#{k}/#{ik}", depth + 1)] }
    elsif (m & ARRAYY).any? || m.include?('[]')
      if @uses.key?("#{k}/*")
        [value("#{k}/*", depth + 1), value("#{k}/*", depth + 1)]
      else
        ["#{leaf}_1", "#{leaf}_2"]
      end
    elsif u.num
      2
    else
      "#{leaf}_value"
    end
  end
end

def puppet_literal(v)
  case v
  when nil then 'undef'
  when true, false then v.to_s
  when Integer then v.to_s
  when String then "'" + v.gsub('\\', '\\\\\\\\').gsub("'", "\\\\'") + "'"
  when Array then '[' + v.map { |x| puppet_literal(x) }.join(', ') + ']'
  when Hash then '{' + v.map { |a, b| "#{puppet_literal(a)} => #{puppet_literal(b)}" }.join(', ') + '}'
  end
end

def valid_name?(n) = n.match?(/\A[a-z_][a-z0-9_]*\z/)

def variants(path)
  code = ERB.new(File.read(path), trim_mode: '-').src
  inf = Inferer.new
  sexp = Ripper.sexp(code)
  inf.walk(sexp) if sexp
  vars = {}
  classes = {}
  inf.uses.keys.sort.each do |k|
    next if k.include?('/')
    if k.start_with?('@')
      n = k[1..]
      next unless valid_name?(n)
      next if FACTS.key?(n) || RESERVED.include?(n)
      vars[n] = inf.value(k)
    elsif k.start_with?('scope:')
      q = k.sub('scope:', '')
      cls, _, n = q.rpartition('::')
      next unless valid_name?(n) && cls.split('::').all? { |s| valid_name?(s) }
      (classes[cls] ||= {})[n] = inf.value(k)
    end
  end
  { 'empty' => [{}, {}], 'typed' => [vars, classes] }
end

def manifest(path, vars, classes)
  out = +''
  classes.each do |c, cv|
    out << "class #{c} {\n" << cv.map { |k, v| "  $#{k} = #{puppet_literal(v)}\n" }.join << "}\n"
  end
  classes.each_key { |c| out << "include #{c}\n" }
  vars.each { |k, v| out << "$#{k} = #{puppet_literal(v)}\n" }
  out << "$erb_module_result = template('#{path}')\nnotice($erb_module_result)\n"
end

files = []
walk_dir(ROOT, files)
files.sort!
entries = []
Dir.mktmpdir do |tmp|
  cdir = File.join(tmp, 'cases')
  Dir.mkdir(cdir)
  jobs = []
  files.each_with_index do |f, i|
    variants(f).each do |variant, (vars, classes)|
      name = format('t%03d_%s', i, variant)
      File.write(File.join(cdir, "#{name}.pp"), manifest(f, vars, classes))
      jobs << [name, f, variant, vars, classes]
    end
  end
  out = File.join(tmp, 'out')
  system('ruby', ORACLE, '--relative-paths', '-q', '--facts', FACTS_FILE, '--modulepath', ROOT, '--out', out, cdir)
  jobs.each do |name, f, variant, vars, classes|
    doc = JSON.parse(File.read(File.join(out, "#{name}.json")))
    raise "#{f}: #{doc['error']}" if doc['oracle_failure']
    rel = f.sub("#{ROOT}/", '')
    e = { 'template' => rel, 'variant' => variant, 'vars' => vars, 'classes' => classes }
    logs = doc['logs'] || []
    if doc['ok']
      result = logs.pop.sub(/\Anotice: /, '')
      e['sha256'] = Digest::SHA256.hexdigest(result)
      e['length'] = result.length
    else
      e['error'] = doc['error'].sub(/ \(file: [^)]*\)( on node \S+)?\z/m, '')
    end
    e['logs'] = logs + (doc['puppet_logs'] || [])
    entries << e
  end
end
File.write(File.join(HERE, 'expected.jsonl'), entries.map { |e| JSON.generate(e) }.join("\n") + "\n")
warn "#{entries.size} renders (#{files.size} templates) written to expected.jsonl"
