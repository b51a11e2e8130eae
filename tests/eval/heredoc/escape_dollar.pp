$x = 1
notice(@("END"/$))
\$x is $x
END
