class mymod::sub {
  $greeting = 'hello'
}
