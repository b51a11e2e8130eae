$x = [green, 2, 'whatever']
case $x {
  [/ee/, Integer[0,10], default] : { notice('this will be noticed') }
  default: { notice('this will not be noticed') }
}
