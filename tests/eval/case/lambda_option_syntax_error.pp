case 1 {
  |$x| { $x > 0 }: { notice(positive) }
}
