# default expression / lookup / given, as in catalog_expressions.md
class t($a = 10, $b = 10, $c = 10, $d = undef, $e, $f, $g = 10, $h, $i = 10, $j = undef, $k = 'k') {
  notice("a=${a} b=${b} c=${c} d=${d} e=${e} f=${f} g=${g} h=${h} i=${i} j=${j} k=${k}")
}
class { 't': b => 20, c => undef, f => undef, k => undef }
notify { 'params': message => Class['t']['a'] }
