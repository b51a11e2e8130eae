with() |$a| { notice($a) }
