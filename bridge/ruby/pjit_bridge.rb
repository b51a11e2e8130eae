# pjit's Ruby helper: runs the Ruby code of Puppet modules that pjit does
# not implement natively (functions, ERB templates, resource types) with
# Puppet's own Ruby library, on behalf of a pjit process.
#
# pjit starts one helper per process (see bridge/src/lib.rs) with
# `ruby -e BOOT`, writes this script on the helper's stdin, and then talks
# to it over the same pipes: one JSON document per line in each
# direction. pjit sends requests (`call`, `erb`, `type`); while the helper
# works on one it may send callbacks (`cb`) to pjit and waits for their
# answers (`ret`/`raise`), during which pjit may send nested requests, so
# both sides recurse in step. Values cross as Puppet's rich data (Pcore
# data: `{"__ptype": "Sensitive", "__pvalue": ...}`; see `to_wire` and
# `from_wire`), with two pjit extensions: types travel as their string
# form, and a lambda as a handle pjit resolves (`Pjit::Closure`).
#
# The helper never writes to its stdout except for the protocol: Ruby
# code that prints goes to stderr.

$VERBOSE = nil
require 'json'
require 'tmpdir'
require 'fileutils'

PROTO_IN = STDIN.dup
PROTO_OUT = STDOUT.dup
PROTO_IN.binmode
PROTO_OUT.binmode
STDIN.reopen(File::NULL)
STDOUT.reopen(STDERR)
$stdout = STDOUT

module PjitBridge
  STATE_DIR = Dir.mktmpdir('pjit-ruby-')
  at_exit { FileUtils.rm_rf(STATE_DIR) }

  def self.send_msg(msg)
    PROTO_OUT.write(JSON.generate(msg))
    PROTO_OUT.write("\n")
    PROTO_OUT.flush
  end

  def self.read_msg
    line = PROTO_IN.gets
    exit(0) if line.nil?
    JSON.parse(line)
  end
end

begin
  require 'puppet'
rescue LoadError => e
  PjitBridge.send_msg('t' => 'fatal', 'message' => "Puppet's Ruby library is not installed for #{RUBY_ENGINE} #{RUBY_VERSION} (#{e.message})")
  exit(1)
end

%w[conf var code log run].each { |d| FileUtils.mkdir_p(File.join(PjitBridge::STATE_DIR, d)) }
Puppet.initialize_settings([
  '--confdir', File.join(PjitBridge::STATE_DIR, 'conf'),
  '--vardir', File.join(PjitBridge::STATE_DIR, 'var'),
  '--codedir', File.join(PjitBridge::STATE_DIR, 'code'),
  '--logdir', File.join(PjitBridge::STATE_DIR, 'log'),
  '--rundir', File.join(PjitBridge::STATE_DIR, 'run'),
])
require 'puppet/generate/type'
require 'puppet/parser/templatewrapper'

module PjitBridge
  Types = Puppet::Pops::Types
  PTYPE = '__ptype'.freeze
  PVALUE = '__pvalue'.freeze

  # An error pjit reported for a callback: raised in Ruby, and if it
  # escapes the request pjit takes its own error back (by `ref`).
  class CallbackError < Puppet::ParseError
    attr_reader :ref
    def initialize(message, ref)
      super(message)
      @ref = ref
    end
  end

  # A pjit lambda, as Puppet's evaluator hands its closures to functions.
  class Closure < Puppet::Pops::Evaluator::Closure
    Param = Struct.new(:name, :value, :captures_rest)

    def initialize(handle, signature, names)
      @handle = handle
      @signature = signature
      @names = names
    end

    attr_reader :handle

    def call(*args)
      PjitBridge.callback('call_callable', 'handle' => @handle, 'args' => args.map { |a| PjitBridge.to_wire(a) })
    end

    def call_by_name(args_hash, _enforce_parameters)
      call(*parameter_names.map { |n| args_hash[n] })
    end

    def type
      @type ||= PjitBridge.parse_type(@signature)
    end

    def parameters
      @parameters ||= begin
        t = type
        min, max = t.size_range
        n = @names.size
        (0...n).map { |i| Param.new(@names[i], i >= min ? true : nil, max == Float::INFINITY && i == n - 1) }
      end
    end

    def parameter_count
      parameters.size
    end

    def parameter_names
      @names
    end

    def last_captures_rest?
      p = parameters.last
      p ? p.captures_rest : false
    end

    def params_struct
      Types::PStructType.new(parameters.map { |p| Types::PStructElement.new(p.name, Types::PAnyType::DEFAULT) })
    end

    def enclosing_scope
      PjitBridge.current_scope
    end

    def block_name
      'unsupported_block'
    end

    def to_proc_for_ruby
      c = self
      Puppet::Pops::Evaluator::PuppetProc.new(c) { |*a| c.call(*a) }
    end
  end

  # The catalog under construction, as far as functions read it.
  class Catalog
    def resource(type, title = nil)
      type, title = Puppet::Resource.type_and_title(type, title)
      found = PjitBridge.callback('find_resources', 'type' => type.to_s, 'title' => title)
      found.empty? ? nil : PjitBridge.to_resource(found.first)
    end

    def resources
      raise Puppet::Error, 'pjit: listing every resource of the catalog is not supported from Ruby'
    end

    def classes
      PjitBridge.callback('classes', {})
    end

    def tags
      PjitBridge.callback('catalog_tags', {})
    end

    def resource_keys
      []
    end
  end

  # The parts of Puppet's compiler that functions use.
  class Compiler
    def initialize(scope)
      @scope = scope
    end

    def environment
      @scope.environment
    end

    def catalog
      @scope.catalog
    end

    def topscope
      @scope
    end

    def node
      n = Puppet::Node.new(PjitBridge.request['node'] || 'unknown', environment: environment)
      facts = @scope.lookupvar('facts')
      n.merge(facts) if facts.is_a?(Hash)
      n
    end

    def add_resource(_scope, resource)
      params = {}
      resource.to_hash.each { |k, v| params[k.to_s] = v unless k == :name && v == resource.title }
      PjitBridge.callback('call_function', 'name' => 'create_resources',
                          'args' => [resource.type.to_s.downcase, { resource.title => params }].map { |a| PjitBridge.to_wire(a) })
      resource
    end
  end

  # The scope a function or template runs in: Puppet's scope API, each
  # question answered by pjit.
  #
  # The top scope (`top: true`, what 4.x functions get as `closure_scope`)
  # reads unqualified names at top scope.
  class Scope < Puppet::Parser::Scope
    def initialize(env, top: false)
      @env = env
      @top = top
      @catalog = Catalog.new
      @compiler = Compiler.new(self)
      @ephemeral = []
    end

    def qualified(name)
      @top && !name.start_with?('::') && !name.include?('::') ? "::#{name}" : name
    end

    attr_reader :compiler

    def environment
      @env
    end

    def catalog
      @catalog
    end

    def lookupvar(name, options = EMPTY_HASH)
      unless name.is_a?(String)
        raise Puppet::ParseError, _('Scope variable name %{name} is a %{klass}, not a string') % { name: name.inspect, klass: name.class }
      end
      r = PjitBridge.callback('lookupvar', 'name' => qualified(name))
      return r['value'] if r['found']
      variable_not_found(name.sub(/\A::/, ''))
    end

    def [](name, options = EMPTY_HASH)
      lookupvar(name, options)
    end

    def include?(name)
      PjitBridge.callback('lookupvar', 'name' => qualified(name))['found']
    end

    def exist?(name)
      include?(name)
    end

    def bound?(name)
      include?(name)
    end

    def to_hash(_recursive = true, _include_undef = false)
      raise Puppet::Error, "pjit: the top scope's variables cannot be listed from Ruby" if @top
      PjitBridge.visible_variables.dup
    end

    def setvar(name, value, _options = EMPTY_HASH)
      PjitBridge.callback('setvar', 'name' => name, 'value' => PjitBridge.to_wire(value))
      value
    end

    def []=(name, value, _ = nil)
      setvar(name, value)
    end

    def source
      @source ||= begin
        kind, name, _ref = PjitBridge.callback('scope_source', {})
        kind ? Puppet::Resource::Type.new(kind.to_sym, name) : nil
      end
    end

    def resource
      @resource ||= begin
        _kind, _name, ref = PjitBridge.callback('scope_source', {})
        ref ? Puppet::Resource.new(nil, ref) : nil
      end
    end

    def parent_module_name
      nil
    end

    def lookupdefaults(type)
      PjitBridge.callback('resource_defaults', 'type' => type.to_s).to_h { |n| [n.to_sym, nil] }
    end

    def findresource(type, title = nil)
      @catalog.resource(type, title)
    end

    def find_global_scope
      self
    end

    def is_topscope?
      @top
    end

    def is_nodescope?
      false
    end

    def is_classscope?
      !@top
    end

    def to_s
      @label ||= PjitBridge.callback('scope_label', {})
    end
    alias_method :inspect, :to_s

    def tags
      []
    end

    # Puppet's `external_call_function`: `func.call(scope, *args)` for a
    # function the loaders find, so a non-Array is splatted; a 3.x
    # function only another file defines maps `args` (a non-Array fails).
    def call_function(func_name, args, &block)
      args = [*args] unless args.is_a?(Array) || PjitBridge.side_loaded_3x(func_name)
      PjitBridge.call_back_function(func_name, args, &block)
    end

    def respond_to_missing?(name, include_private = false)
      name.to_s.start_with?('function_') || super
    end

    # `function_x(args)`: a 3.x function the helper loaded (to run it for
    # pjit) runs here, with its `real_function_x`; any other goes to pjit,
    # which runs it natively or asks the helper again.
    def method_missing(method, *args, &block)
      mod = Puppet::Parser::Functions.environment_module(@env)
      return mod.instance_method(method).bind(self).call(*args, &block) if mod.method_defined?(method)
      name = method.to_s[/\Afunction_(.*)\z/, 1]
      return super unless name
      unless args.size == 1 && args[0].is_a?(Array)
        raise ArgumentError, _('custom functions must be called with a single array that contains the arguments. For example, function_example([1]) instead of function_example(1)')
      end
      PjitBridge.callback('call_function3', 'name' => name, 'args' => args[0].map { |a| PjitBridge.to_wire(a) })
    end
  end

  # Every function a Ruby function calls by name goes to pjit, which runs
  # it natively, as Puppet code, or in Ruby again (through a nested
  # request), as a compile would find it.
  module CallsGoToPjit
    def call_function(function_name, *args, &block)
      PjitBridge.call_back_function(function_name, args, &block)
    end

    def internal_call_function(_scope, function_name, args, &block)
      PjitBridge.call_back_function(function_name, args, &block)
    end

    def call_function_with_scope(_scope, function_name, *args, &block)
      PjitBridge.call_back_function(function_name, args, &block)
    end
  end
  Puppet::Pops::Functions::Function.prepend(CallsGoToPjit)
  Puppet::Functions::InternalFunction.prepend(CallsGoToPjit)

  # ------------------------------------------------------------------ values

  def self.parse_type(text)
    Types::TypeParser.singleton.parse(text, @loader || Puppet.lookup(:loaders).private_environment_loader)
  end

  def self.to_resource(pair)
    ref, params = pair
    type, title = Puppet::Resource.type_and_title(ref, nil)
    r = Puppet::Resource.new(type, title)
    params.each { |k, v| r[k] = v }
    r
  end

  # Nanoseconds on the wire: a JSON number within 64 bits, else a string
  # of digits (pjit's side reads both).
  def self.wire_nsecs(n)
    n.bit_length < 64 ? n : n.to_s
  end

  def self.to_wire(v)
    case v
    when nil, true, false, Integer, Float
      v
    when :undef
      nil
    when String
      if v.encoding == Encoding::UTF_8 || v.encoding == Encoding::US_ASCII || v.dup.force_encoding('UTF-8').valid_encoding?
        s = v.encoding == Encoding::UTF_8 ? v : v.dup.force_encoding('UTF-8')
        s.valid_encoding? ? s : { PTYPE => 'Binary', PVALUE => [v].pack('m0') }
      else
        { PTYPE => 'Binary', PVALUE => [v].pack('m0') }
      end
    when Array
      v.map { |e| to_wire(e) }
    when Hash
      if v.all? { |k, _| k.is_a?(String) && k != PTYPE }
        out = {}
        v.each { |k, e| out[to_wire(k)] = to_wire(e) }
        out
      else
        { PTYPE => 'Hash', PVALUE => v.flat_map { |k, e| [to_wire(k.is_a?(Symbol) && k != :default && k != :undef ? k.to_s : k), to_wire(e)] } }
      end
    when :default
      { PTYPE => 'Default' }
    when Symbol
      v.to_s
    when Types::PSensitiveType::Sensitive
      { PTYPE => 'Sensitive', PVALUE => to_wire(v.unwrap) }
    when Puppet::Pops::Time::Timestamp
      { PTYPE => 'Timestamp', PVALUE => wire_nsecs(v.nsecs) }
    when Puppet::Pops::Time::Timespan
      { PTYPE => 'Timespan', PVALUE => wire_nsecs(v.nsecs) }
    when Types::PBinaryType::Binary
      { PTYPE => 'Binary', PVALUE => v.to_s }
    when Regexp
      { PTYPE => 'Regexp', PVALUE => Types::PRegexpType.regexp_to_s(v) }
    when SemanticPuppet::Version
      { PTYPE => 'SemVer', PVALUE => v.to_s }
    when SemanticPuppet::VersionRange
      { PTYPE => 'SemVerRange', PVALUE => v.to_s }
    when Types::PAnyType
      { PTYPE => 'Type', PVALUE => v.to_s }
    when URI
      { PTYPE => 'URI', PVALUE => v.to_s }
    when Closure
      { PTYPE => 'Pjit::Closure', 'handle' => v.handle }
    when Puppet::Pops::Evaluator::PuppetProc
      v.closure.is_a?(Closure) ? to_wire(v.closure) : raise(Puppet::Error, 'pjit: a Ruby block cannot be passed back to Puppet code')
    when Puppet::Resource
      { PTYPE => 'Type', PVALUE => "#{v.type.to_s.split('::').map(&:capitalize).join('::')}['#{v.title.to_s.gsub(/['\\]/) { |c| "\\#{c}" }}']" }
    when Types::PuppetObject
      t = v._pcore_type
      h = v._pcore_init_hash
      out = { PTYPE => t.name }
      h.each { |k, e| out[k] = to_wire(e) }
      out
    else
      raise Puppet::Error, "pjit: a #{v.class} value cannot be returned to Puppet code"
    end
  end

  def self.from_wire(v)
    case v
    when Array
      v.map { |e| from_wire(e) }
    when Hash
      t = v[PTYPE]
      return v.to_h { |k, e| [k, from_wire(e)] } if t.nil?
      pv = v[PVALUE]
      case t
      when 'Hash' then pv.each_slice(2).to_h { |k, e| [from_wire(k), from_wire(e)] }
      when 'Default' then :default
      when 'Sensitive' then Types::PSensitiveType::Sensitive.new(from_wire(pv))
      when 'Timestamp' then Puppet::Pops::Time::Timestamp.new(Integer(pv))
      when 'Timespan' then Puppet::Pops::Time::Timespan.new(Integer(pv))
      when 'Binary' then Types::PBinaryType::Binary.from_base64_strict(pv)
      when 'Regexp' then Regexp.new(pv)
      when 'SemVer' then SemanticPuppet::Version.parse(pv)
      when 'SemVerRange' then SemanticPuppet::VersionRange.parse(pv)
      when 'Type' then parse_type(pv)
      when 'URI' then URI.parse(pv)
      when 'Pjit::Closure' then Closure.new(v['handle'], v['signature'], v['names'] || [])
      when 'Pjit::Iterator' then from_wire(pv)
      else
        type = parse_type(t)
        attrs = v.reject { |k, _| k == PTYPE }.to_h { |k, e| [k, from_wire(e)] }
        impl = type.respond_to?(:implementation_class) ? type.implementation_class : nil
        raise Puppet::Error, "pjit: no Ruby implementation for a #{t} value" unless impl.respond_to?(:from_asserted_hash)
        impl.from_asserted_hash(attrs)
      end
    else
      v
    end
  end

  # ---------------------------------------------------------------- requests

  Env = Struct.new(:env, :loaders)

  @envs = {}
  @requests = []
  @log_level = :notice

  class << self
    attr_reader :requests

    def request
      @requests.last
    end

    def current_scope
      request && request['scope_obj']
    end

    def visible_variables
      r = request
      r['vars_obj'] ||= (r['vars'] ? from_wire(r['vars']) : from_wire(callback('to_hash', {})))
    end
  end

  def self.define_env(msg)
    env = Puppet::Node::Environment.create(msg['name'].to_sym, msg['modulepath'], Puppet::Node::Environment::NO_MANIFEST)
    loaders = nil
    Puppet.override(current_environment: env) { loaders = Puppet::Pops::Loaders.new(env) }
    @envs[msg['key']] = Env.new(env, loaders)
  end

  # Writes a callback to pjit and waits for its answer, serving the
  # requests pjit makes meanwhile.
  def self.callback(op, payload)
    send_msg(payload.merge('t' => 'cb', 'op' => op))
    loop do
      msg = read_msg
      case msg['t']
      when 'ret'
        return from_wire(msg['value'])
      when 'raise'
        raise_from_pjit(msg)
      else
        serve(msg)
      end
    end
  end

  def self.raise_from_pjit(msg)
    case msg['kind']
    when 'break'
      raise Puppet::Pops::Evaluator::PuppetStopIteration.new(nil, nil)
    when 'next'
      raise Puppet::Pops::Evaluator::Next.new(from_wire(msg['value']), nil, nil)
    when 'return'
      raise Puppet::Pops::Evaluator::Return.new(from_wire(msg['value']), nil, nil)
    else
      raise CallbackError.new(msg['message'], msg['ref'])
    end
  end

  def self.call_back_function(name, args, &block)
    if (scope = side_loaded_3x(name))
      # As Puppet calls a 3.x function from Ruby: arguments mapped (undef
      # becomes ''), the result of a statement function dropped.
      mapped = Puppet::Pops::Evaluator::Runtime3FunctionArgumentConverter.map_args(args, scope, '')
      result = scope.send(:"function_#{name}", mapped, &block)
      return Puppet::Parser::Functions.rvalue?(name) ? result : nil
    end
    payload = { 'name' => name, 'args' => args.map { |a| to_wire(a) } }
    if block
      raise Puppet::Error, "pjit: a Ruby block cannot be passed to the function '#{name}'" unless block.is_a?(Puppet::Pops::Evaluator::PuppetProc) && block.closure.is_a?(Closure)
      payload['block'] = to_wire(block.closure)
    end
    callback('call_function', payload)
  end

  # The request's scope when `name` is a 3.x function that only the file
  # of another function defines (docker's `docker::escape`, defined in
  # docker_run_flags.rb): Puppet finds it in the environment's 3.x
  # registry once that file is loaded; pjit, which finds functions by
  # their files, cannot, so it runs here. None for every other function.
  def self.side_loaded_3x(name)
    scope = @requests.last && @requests.last['scope_obj'] or return nil
    return nil unless Puppet::Parser::Functions.environment_module(scope.environment).method_defined?(:"function_#{name}")
    return nil if @loader && @loader.load(:function, name)
    scope
  end

  # Serves one request from pjit (at top level or nested in a callback).
  def self.serve(msg)
    @requests.push(msg)
    reply = begin
      envk = msg['env']
      define_env(msg['define']) if msg['define']
      e = @envs[envk] or raise Puppet::Error, "pjit: unknown environment #{envk.inspect}"
      apply_settings(msg)
      Puppet.override({ current_environment: e.env, loaders: e.loaders, global_scope: nil }, 'pjit request') do
        @loader = e.loaders.private_environment_loader
        scope = Scope.new(e.env)
        msg['scope_obj'] = scope
        Puppet.override({ global_scope: Scope.new(e.env, top: true) }, 'pjit scope') do
          { 't' => 'ok', 'value' => to_wire(run(msg, e, scope)) }
        end
      end
    rescue Puppet::Pops::Evaluator::PuppetStopIteration
      { 't' => 'err', 'kind' => 'break' }
    rescue Puppet::Pops::Evaluator::Next => j
      { 't' => 'err', 'kind' => 'next', 'value' => safe_wire(j.value) }
    rescue Puppet::Pops::Evaluator::Return => j
      { 't' => 'err', 'kind' => 'return', 'value' => safe_wire(j.value) }
    rescue Exception => ex # rubocop:disable Lint/RescueException
      raise if ex.is_a?(SystemExit) || ex.is_a?(Interrupt)
      error_reply(ex)
    ensure
      @requests.pop
      @loader = nil
    end
    reply['changed'] = msg['changed'] if msg['changed'] && reply['t'] == 'ok'
    send_msg(reply)
  end

  def self.safe_wire(v)
    to_wire(v)
  rescue StandardError
    nil
  end

  def self.error_reply(ex)
    ref = nil
    e = ex
    while e
      if e.is_a?(CallbackError)
        ref = e.ref
        break
      end
      e = e.cause
    end
    out = { 't' => 'err', 'kind' => 'error', 'class' => ex.class.name, 'message' => ex.message.to_s }
    out['ref'] = ref if ref && ex.message.to_s == e.message.to_s
    out['syntax'] = true if ex.is_a?(SyntaxError)
    bt = ex.backtrace
    out['backtrace'] = bt.first(3) if bt
    out
  end

  def self.apply_settings(msg)
    s = msg['settings'] or return
    s.each do |k, v|
      case k
      when 'strict' then Puppet[:strict] = v.to_sym if Puppet[:strict] != v.to_sym
      when 'strict_variables' then Puppet[:strict_variables] = v if Puppet[:strict_variables] != v
      end
    end
  end

  def self.run(msg, e, scope)
    case msg['t']
    when 'call'
      call_function(msg, e, scope)
    when 'erb'
      render_erb(msg, scope)
    when 'type'
      generate_type(msg, e)
    else
      raise Puppet::Error, "pjit: unknown request #{msg['t'].inspect}"
    end
  end

  def self.call_function(msg, e, scope)
    name = msg['name']
    func = e.loaders.private_environment_loader.load(:function, name)
    if func.nil? && Puppet::Parser::Functions.function(name, e.env)
      # A 3.x function that the 4.x loaders do not see (loaded before).
      func = Puppet::Functions::Function3x.create_function(name, Puppet::Parser::Functions.environment_module(e.env).get_function_info(name.to_sym), e.loaders.private_environment_loader).new(nil, e.loaders.private_environment_loader)
    end
    raise ArgumentError, "Unknown function: '#{name}'" if func.nil?
    args = from_wire(msg['args'])
    block = msg['block'] ? from_wire(msg['block']).to_proc_for_ruby : nil
    file, line = msg['at_file'], msg['at_line']
    if msg['api'] == '3x'
      # `scope.function_x(args)` from a 3.x function: no conversion.
      mod = Puppet::Parser::Functions.environment_module(e.env)
      Puppet::Parser::Functions.function(name, e.env)
      return Puppet::Pops::PuppetStack.stack(file, line, scope, "function_#{name}", [args]) if mod.method_defined?(:"function_#{name}")
    end
    Puppet::Pops::PuppetStack.stack(file, line, func, :call, [scope, *args], &block)
  end

  # Renders a template as Puppet's `template()`/`inline_template()` do,
  # and reports the variables whose Array or Hash the template changed in
  # place.
  def self.render_erb(msg, scope)
    vars = visible_variables
    wrapper = Puppet::Parser::TemplateWrapper.new(scope)
    file = msg['file']
    wrapper.instance_variable_set(:@__file__, file) if file
    before = {}
    vars.each { |k, v| before[k] = Marshal.dump(v) if v.is_a?(Array) || v.is_a?(Hash) }
    begin
      out = file ? wrapper.result : wrapper.result(msg['source'])
    rescue StandardError => detail
      if file
        info = detail.backtrace.first.split(':')
        message = []
        message << _('Failed to parse template %{file}:') % { file: msg['name'] }
        message << _('  Filepath: %{file_path}') % { file_path: info[0] }
        message << _('  Line: %{line}') % { line: info[1] }
        message << _('  Detail: %{detail}') % { detail: detail }
        raise Puppet::ParseError, message.join("\n") + "\n"
      else
        raise Puppet::ParseError, _('Failed to parse inline template: %{detail}') % { detail: detail }, detail.backtrace
      end
    end
    changed = {}
    before.each do |k, dumped|
      v = vars[k]
      changed[k] = to_wire(v) if Marshal.dump(v) != dumped
    end
    msg['changed'] = changed unless changed.empty?
    out
  end

  # What `puppet generate types` writes for the module resource type
  # `name` (None when no module has it).
  def self.generate_type(msg, e)
    name = msg['name']
    input = Puppet::Generate::Type.find_inputs(:pcore, e.env).find { |i| i.type_name.to_s == name }
    return nil unless input
    require input.path
    type = Puppet::Type.instance_variable_get('@types')[name.to_sym]
    raise Puppet::Error, "Custom type '#{name}' was not defined in '#{input}'." unless type
    template = Puppet::Util.create_erb(File.read(input.template_path))
    template.filename = input.template_path
    Puppet::Generate::Models::Type::Type.new(type).render(template)
  end

  # Puppet's log messages during a request go to pjit, which prints them
  # as its own.
  Puppet::Util::Log.newdesttype :pjit do
    def handle(msg)
      return if PjitBridge.requests.empty?
      PjitBridge.send_msg('t' => 'log', 'level' => msg.level.to_s, 'message' => msg.to_s)
    end
  end

  # A message Puppet logs once (`warn_once`, deprecations): once per
  # compile, which pjit keeps track of by `key`, not once per process.
  def self.log_once(key, level, text)
    return if requests.empty?
    send_msg('t' => 'log', 'level' => level.to_s, 'message' => text, 'key' => key)
  end

  module OncePerCompile
    def warn_once(kind, key, message, file = nil, line = nil, level = :warning)
      return if Puppet[:disable_warnings].include?(kind)
      call_trace = if file == :default && line == :default
                     ''
                   else
                     location = Puppet::Util::Errors.error_location(file, line)
                     location.empty? ? "\n   " + _('(file & line not available)') : "\n   #{location}"
                   end
      PjitBridge.log_once("#{kind}/#{key}", level, "#{message}#{call_trace}")
    end

    def issue_deprecation_warning(message, key, file, line, use_caller)
      return if Puppet[:disable_warnings].include?('deprecations')
      offender = get_deprecation_offender if key.nil? || use_caller
      key ||= offender
      call_trace = if use_caller
                     _('(location: %{location})') % { location: offender.join('; ') }
                   else
                     Puppet::Util::Errors.error_location_with_unknowns(file, line)
                   end
      PjitBridge.log_once("deprecations/#{key}", :warning, "%{message}\n   %{call_trace}" % { message: message, call_trace: call_trace })
    end
  end
  Puppet::Util::Logging.prepend(OncePerCompile)
end

Puppet::Util::Log.close_all
Puppet::Util::Log.newdestination(:pjit)
Puppet::Util::Log.level = :notice

PjitBridge.send_msg('t' => 'ready', 'puppet' => Puppet.version, 'ruby' => RUBY_VERSION)
loop do
  PjitBridge.serve(PjitBridge.read_msg)
end
