# each over an array: the lambda logs (it needs a scope), break() ends the
# walk, and each returns its receiver.
$r = [1, 2, 3, 4].each |$x| {
  if $x == 3 { break() }
  notice("x=${x}")
}
notice($r)
