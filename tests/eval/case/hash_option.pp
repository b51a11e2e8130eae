case {a => 1, b => 2} {
  {a => 1}: { notice(partial) }
  {a => 1, b => 2}: { notice(exact) }
}
