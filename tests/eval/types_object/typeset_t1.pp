type S = TypeSet[{
  pcore_version => '1.0.0',
  version => '2.1.0',
  types => {
    Car => Object[{attributes => {make => String, wheels => { type => Integer, value => 4 }}}],
    Truck => Object[{parent => Car, attributes => {load => Integer}}],
    Plate => Pattern[/\A[A-Z]+\z/],
  }
}]
$t = S::Truck('volvo', 10)
notice($t)
notice($t.make)
notice($t =~ S::Car)
notice('ABC' =~ S::Plate)
notice(S::Truck < S::Car)
