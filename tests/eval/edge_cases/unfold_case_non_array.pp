$a = 'y'
case 'y' {
  *$a: { notice('matched') }
  default: { notice('default') }
}
