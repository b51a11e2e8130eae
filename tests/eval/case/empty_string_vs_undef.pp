case '' {
  undef: { notice(undef) }
  '': { notice(empty) }
}
