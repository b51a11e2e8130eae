# spec: types_values_variables.md:304
Integer[1,5].each |$x| { notice $x } # => notices 1,2,3,4,5
Integer[5,1].each |$x| { notice $x } # => notices 5,4,3,2,1

Integer[0, default].each |$x| { notice $x } # error, unbound range (infinite)
