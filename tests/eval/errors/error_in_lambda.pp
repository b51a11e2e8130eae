[1].each |$x| {
  notice($x / 0)
}
