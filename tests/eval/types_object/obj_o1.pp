type Car = Object[{
  attributes => {
    regnbr => String,
    year => Integer,
  }
}]
$c = Car.new('abc', 2020)
notice($c)
notice($c.regnbr)
notice($c.year)
$d = Car({regnbr => 'xyz', year => 1999})
notice($d)
notice(type($d))
notice(Car)
notice($c =~ Car)
notice($c == Car('abc', 2020))
notice($c == $d)
