# Every kind of parameter: typed and untyped, literal defaults and not.
class web (
  String $dq = "double quoted",
  String $sq = 'single quoted',
  Integer $int = 3,
  Integer[-1, 10] $negative = -1,
  Float $float = 3.5,
  Numeric $hex = 0x1F,
  Boolean $flag = true,
  Optional[String] $nothing = undef,
  Array $list = [1, 'a', undef, true],
  Hash $hash = { 'b' => 1, 'a' => [true, 'x'], 'c' => { 'z' => 1, 'y' => 2 } },
  Hash $intkeys = { 1 => 'x' },
  $untyped = 'plain',
  $nodefault,
  Optional[Integer] $typed_nodefault,
  String $fact = $facts['os']['family'],
  String $interpolated = "on ${facts['networking']['fqdn']}",
  String $word = foo,
  Any $dflt = default,
  Regexp $re = /^a.*$/,
  Integer $paren = (1),
  Integer $sum = 1 + 2,
  String $call = lookup('web::x'),
  String $heredoc = @(END),
    text
    | END
  Enum['a', 'b', "c"] $enum = 'a',
  Variant[String, Integer[0], Array[String, 1]] $variant = 0,
  Hash[String, Integer] $typed_hash = {},
  Struct[{ a => Integer, Optional[b] => String }] $struct = { 'a' => 1 },
  Pattern[/^x/, /y$/] $pattern = 'xy',
  Stdlib::Absolutepath $alias_ref = '/tmp',
  Web::Port $module_alias = 80,
  File $resource_type = File['/tmp'],
  Data $data = 'd',
  Optional[Array[Stdlib::Port]] $nested_ref = undef,
  Variant[
    String, # a comment inside
    Integer
  ] $multiline = {
    'k' => 'v',
  }['k'],
  Tuple[Integer, String, 1, 2] $tuple = [1, 'a'],
  Integer[1] $lower = 5,
  Integer[default, 7] $upper = 5,
  String[1, default] $min_string = 'x',
  Type[Resource] $type = Resource,
  Sensitive[String] $secret = 'pw',
  NotUndef $nu = 1,
) {
  include web::vhost::ssl
}
