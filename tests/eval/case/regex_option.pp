case 'abc' {
  /^x/: { notice(x) }
  /^a(.)/: { notice("a then ${1}") }
}
