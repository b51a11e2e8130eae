$a = []
case 'y' {
  *$a: { notice('matched') }
  default: { notice('default') }
}
