define typed(Integer[0] $count, String[1] $label, Optional[Array[String]] $tags = undef, Boolean $flag = true) {
  notice("${title}: ${count} ${label} ${tags} ${flag}")
}
typed { 'a': count => 1, label => 'x' }
typed { 'b': count => 2, label => 'y', tags => ['t'], flag => false }
typed { 'c': count => 0, label => 'z', tags => undef }
