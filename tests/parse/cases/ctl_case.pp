case $x {
  'a', 'b': { notice(1) }
  /c/: { notice(2) }
  [1, 2]: { }
  Integer: { notice(3) }
  default: { notice(4) }
}
$y = case $x { 1: { 'one' } default: { 'other' } }
