case {a => 1, b => 2} {
  {a => default, b => 2}: { notice('default value matches') }
}
