#!/usr/bin/env ruby
# Survey of the Ruby that ERB templates use. Each template is compiled the
# way Puppet compiles it (ERB.new(src, trim_mode: '-')); the Ruby code of its
# tags is lexed with Ripper.lex and the generated program parsed with
# Ripper.sexp, leaving out ERB's own scaffolding (`_erbout = +''`,
# `_erbout.<< "text".freeze`, `_erbout.<<((expr).to_s)`). Prints Markdown
# tables (the survey in docs/erb.md).
#
#   ruby runtime/tests/erb/survey.rb [DIR (default /usr/share/puppet/modules)]
#
# Templates are found as `find -L DIR -name '*.erb'` finds them (following
# symbolic links), so a template reachable through two paths counts twice.
require 'erb'
require 'ripper'

root = ARGV[0] || '/usr/share/puppet/modules'
# Follow symbolic links to directories (each module directory is one).
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
files = []
walk_dir(root, files)
files.sort!

Counter = Struct.new(:count, :files) do
  def add(f, n = 1)
    self.count += n
    files[f] = true
  end
end
def counter
  Hash.new { |h, k| h[k] = Counter.new(0, {}) }
end

T = Hash.new { |h, k| h[k] = counter }
bad = []

def name_of(tok)
  tok.is_a?(Array) ? tok[1] : tok.to_s
end

def scope_recv?(n)
  n.is_a?(Array) && [:vcall, :var_ref].include?(n[0]) && name_of(n[1]) == 'scope'
end

def first_string(n)
  return nil unless n.is_a?(Array)
  return n[1] if n[0] == :@tstring_content
  n.each { |c| s = first_string(c); return s if s }
  nil
end

def walk(node, f, &c)
  return unless node.is_a?(Array)
  return if node[0].is_a?(Symbol) && c.call(node, f) == :skip
  node.each { |n| walk(n, f, &c) if n.is_a?(Array) }
end

files.each do |path|
  f = path.sub("#{root}/", '')
  src = File.read(path)
  src.scan(/<%%|<%-|<%=|<%#|<%|-%>\r?\n|-%>|%%>|%>/) { |t| T['ERB tags'][t.sub(/\r?\n\z/, '\n')].add(f) }

  # The Ruby code of the tags, as ERB's scanner cuts it.
  scanner = ERB::Compiler::Scanner.make_scanner(src, '-', false)
  codes = []
  scanner.scan do |tok|
    next if tok.nil? || tok == ''
    if scanner.stag.nil?
      scanner.stag = tok if ['<%', '<%=', '<%#'].include?(tok)
      codes << [tok, +''] if ['<%', '<%='].include?(tok)
    elsif tok == '%>'
      scanner.stag = nil
    elsif scanner.stag != '<%#'
      codes.last[1] << (tok == '%%>' ? '%>' : tok.to_s) if tok.is_a?(String)
    end
  end
  codes.each do |_, code|
    Ripper.lex(code).each do |(_, kind, tok)|
      case kind
      when :on_tstring_beg then T['String literal forms'][tok.start_with?('%') ? "#{tok[0, 2]}..." : "#{tok}...#{tok}"].add(f)
      when :on_heredoc_beg then T['String literal forms']['heredoc'].add(f)
      when :on_qwords_beg, :on_words_beg, :on_qsymbols_beg then T['String literal forms']["#{tok.strip[0, 2]}{...}"].add(f)
      when :on_symbeg then T['String literal forms'][tok == ':' ? ':sym' : "#{tok}...\""].add(f)
      when :on_regexp_beg then T['String literal forms']["#{tok}regexp"].add(f)
      when :on_comment then T['String literal forms']['# comment in code'].add(f)
      when :on_embexpr_beg then T['String literal forms']['#{...}'].add(f)
      when :on_ivar then T['Instance variables']['@var reads'].add(f)
      when :on_label then T['String literal forms']['label:'].add(f)
      end
    end
  end

  code = ERB.new(src, trim_mode: '-').src
  sexp = Ripper.sexp(code)
  if sexp.nil?
    bad << f
    next
  end
  walk(sexp, f) do |n, file|
    k = n[0]
    next :skip if k.to_s.start_with?('@')
    # ERB's scaffolding.
    if k == :assign && name_of(n[1][1]) == '_erbout'
      next :skip
    end
    if [:command_call, :call].include?(k) && n[1].is_a?(Array) && n[1][0] == :var_ref && name_of(n[1][1]) == '_erbout'
      next :skip
    end
    # `_erbout.<<((X).to_s)`: replace the `(X).to_s` argument by X, then walk on.
    if k == :method_add_arg && n[1][0] == :call && n[1][1][0] == :var_ref && name_of(n[1][1][1]) == '_erbout'
      x = n[2][1][1][0]
      n[2][1][1][0] = x[1][1] if x && x[0] == :call && x[1][0] == :paren
      next
    end
    if k == :var_ref && name_of(n[1]) == '_erbout'
      next :skip
    end
    T['Syntax nodes (Ripper)'][k].add(file)
    case k
    when :call, :command_call, :method_add_arg
      if k != :method_add_arg
        m = n[3] == :call ? 'call' : name_of(n[3])
        if scope_recv?(n[1])
          if m =~ /\Afunction_/
            T['Calls on `scope`']['function_*'].add(file)
            T['Puppet functions called from templates']["function_ #{m.sub('function_', '')}"].add(file)
          else
            T['Calls on `scope`'][m].add(file)
          end
        else
          T['Method calls with a receiver'][m].add(file)
        end
      end
      if k == :method_add_arg && n[1][0] == :call && scope_recv?(n[1][1])
        m = name_of(n[1][3])
        s = first_string(n[2])
        if m == 'call_function'
          T['Puppet functions called from templates']["call_function #{s}"].add(file)
        elsif m == 'lookupvar'
          T['Calls on `scope`'][s.to_s.include?('::') ? "lookupvar('a::x')" : "lookupvar('x')"].add(file)
        end
      end
    when :fcall, :vcall, :command
      id = name_of(n[1])
      T['Receiver-less calls (methods of the template object, Kernel)'][id].add(file) unless id == 'scope' && k == :vcall
    when :var_ref, :const_ref, :top_const_ref, :const_path_ref
      t = n[1]
      T['Constants'][t[1]].add(file) if t.is_a?(Array) && t[0] == :@const
      T['Literals and keywords'][t[1]].add(file) if t.is_a?(Array) && t[0] == :@kw
      T['Constants']["::#{name_of(n[2])}"].add(file) if k == :const_path_ref
    when :aref
      if scope_recv?(n[1])
        s = first_string(n[2])
        T['Calls on `scope`'][s.to_s.start_with?('::') ? "['::x']" : (s.to_s.include?('::') ? "['a::x']" : "['x']")].add(file)
      else
        T['Syntax nodes (Ripper)']['aref (x[i], not on scope)'].add(file)
      end
    when :binary
      T['Operators'][n[2].to_s].add(file)
    when :unary
      T['Operators']["unary #{n[1]}"].add(file)
    when :dot2, :dot3
      T['Literals and keywords']['range'].add(file)
    when :hash
      T['Literals and keywords']['hash literal'].add(file)
    when :array
      T['Literals and keywords']['array literal'].add(file)
    when :ifop
      T['Literals and keywords']['ternary ?:'].add(file)
    end
    nil
  end
end

def table(title, h)
  puts "### #{title}", '', '| construct | uses | templates |', '|---|---:|---:|'
  h.sort_by { |k, v| [-v.files.size, -v.count, k.to_s] }.each { |k, v| puts "| `#{k}` | #{v.count} | #{v.files.size} |" }
  puts ''
end

lines = files.map { |p| File.read(p).lines.size }.sum
puts "#{files.size} templates, #{lines} lines; #{bad.size} are not valid Ruby once compiled#{bad.empty? ? '' : " (#{bad.join(', ')})"}.", ''
['ERB tags', 'Syntax nodes (Ripper)', 'String literal forms', 'Instance variables', 'Calls on `scope`',
 'Puppet functions called from templates', 'Receiver-less calls (methods of the template object, Kernel)',
 'Method calls with a receiver', 'Operators', 'Literals and keywords', 'Constants'].each do |t|
  table(t, T[t])
end
