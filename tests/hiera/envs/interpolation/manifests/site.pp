$myvar = 'top value'
$mylist = ['zero', 'one']
class profile { $setting = 'from class' }
include profile
['facts_dotted', 'top_scope', 'trusted', 'literal', 'scoped', 'empty', 'spaces', 'var', 'class_var',
 'quoted_key', 'array_index', 'lookup_ref', 'hiera_ref', 'alias_list', 'alias_hash', 'nested',
 'not_a_string', 'hash_in_string', 'chain'].each |$k| {
  $v = lookup($k)
  notice("${k}: ${v} (${type($v, generalized)})")
}
