define typed(Integer $count, String $label, Optional[Integer] $n = undef) {
  notice("${title}: ${count}")
}
typed { 'ok': count => 1, label => 'x' }
typed { 'bad': count => 1, label => 'y', n => 'no' }
