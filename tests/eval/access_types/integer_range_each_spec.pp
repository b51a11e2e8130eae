Integer[1,5].each |$x| { notice $x }
