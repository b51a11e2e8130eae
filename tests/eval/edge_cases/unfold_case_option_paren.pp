$a = ['x', 'y']
case 'y' {
  *($a): { notice('matched') }
  default: { notice('no') }
}
