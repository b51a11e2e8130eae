$a = [/^x/, /^y(.)/]
case 'yz' {
  *$a: { notice("m ${1}") }
  default: { notice('no') }
}
