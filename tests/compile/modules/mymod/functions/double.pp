function mymod::double(Integer $n) >> Mymod::Small {
  $n * 2
}
