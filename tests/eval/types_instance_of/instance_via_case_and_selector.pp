$value = 5
notice($value ? { Integer[1,10] => true })
case $value {
  Integer[1,10] : { notice(true) }
}
