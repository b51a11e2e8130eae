case undef {
  undef: { notice('undef matched') }
}
