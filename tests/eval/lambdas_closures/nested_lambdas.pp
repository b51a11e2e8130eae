[1, 2].each |$a| {
  [10, 20].each |$b| { notice($a + $b) }
}
