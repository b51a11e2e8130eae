$x = 5
if $x > 3 and $x < 10 { $y = 'mid' } elsif $x >= 10 { $y = 'big' } else { $y = 'small' }
unless $y == 'mid' { notice('not mid') }
$z = $y ? { /^m(.)d$/ => $1, 'big' => 2, default => 3 }
case $x {
  1, 2: { $c = 'low' }
  *[3, 4, 5]: { $c = 'listed' }
  default: { $c = 'other' }
}
$o = $x or $y
