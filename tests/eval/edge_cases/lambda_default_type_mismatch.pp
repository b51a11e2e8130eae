with() |Integer $x = 'hi'| { notice($x) }
