class badsyntax {
  notify { 'x': message => 1 + }
}
