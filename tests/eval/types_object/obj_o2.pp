type Vehicle = Object[{
  attributes => {
    wheels => { type => Integer, value => 4 },
    name => String,
  }
}]
type Car = Object[{
  parent => Vehicle,
  attributes => {
    brand => String,
  }
}]
$c = Car('n', 'b')
notice($c)
$c2 = Car('n', 'b', 3)
notice($c2)
$c3 = Car({name => 'x', brand => 'y', wheels => 6})
notice($c3)
notice($c3.wheels)
notice($c =~ Vehicle)
notice(Car < Vehicle)
notice(Vehicle < Car)
notice(Car)
notice(Vehicle)
