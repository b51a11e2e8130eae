class v3($a, $by_module = 'no') {
  notice($a)
  notice($by_module)
  notice(hiera('v3::a'))
}
