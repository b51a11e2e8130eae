define mymod::thing(Integer $v = mymod::double(2)) {
  notice("thing ${title} ${v} ${mymod::sub::greeting}")
}
