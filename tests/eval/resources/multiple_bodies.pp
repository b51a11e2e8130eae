notify {
  'a': message => 'one';
  'b': message => 'two';
}
