# `scope.call_function(name, args)` with args that are not an Array:
# Puppet splats them (`func.call(scope, *args)`) as apache's and sudo's
# templates rely on (`scope.call_function('apache::bool2httpd', @x)`).
function splat::show(*$args) >> String {
  String($args)
}
$flag = false
$opts = { 'env_reset' => undef, 'mailto' => 'root' }
notice(inline_template("<%= scope.call_function('splat::show', @flag) %>"))
notice(inline_template("<%= scope.call_function('splat::show', 'one') %>"))
notice(inline_template("<%= scope.call_function('splat::show', nil) %>"))
notice(inline_template("<%= scope.call_function('splat::show', @opts) %>"))
notice(inline_template("<%= scope.call_function('splat::show', 1..3) %>"))
notice(inline_template("<%= scope.call_function('splat::show', [[1, 2]]) %>"))
notice(inline_template("<%= scope.call_function('upcase', 'abc') %>"))
