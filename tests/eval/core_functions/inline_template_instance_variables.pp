# `instance_variables` in a template (voxpupuli nginx's server_header.erb:
# `instance_variables.any? { |iv| iv.to_s.include? 'auth_basic' }`): the
# wrapper's own, the bound variables (undef ones are not), those the
# template assigns.
class ivars (
  $auth_basic = 'Restricted',
  $auth_basic_user_file = undef,
  $listen = [80, 443],
) {
  $local_var = 'x'
  notice(inline_template("<%= instance_variables.any? { |iv| iv.to_s.include? 'auth_basic' } %>"))
  notice(inline_template("<%= instance_variables.any? { |iv| iv.to_s.include? 'auth_basic_user_file' } %>"))
  notice(inline_template("<%= instance_variables.first.inspect %>|<%= instance_variables.include?(:@__file__) %>"))
  notice(inline_template("<% @mine = 1 -%><%= instance_variables.select { |iv| iv.to_s =~ /auth|listen|local_var|mine/ }.inspect %>|<%= instance_variables.last.inspect %>"))
  notice(inline_template("<%= instance_variables.map(&:class).uniq.inspect %>"))
}
include ivars
