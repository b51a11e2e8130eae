node /(.*)/ {
  notice($1)
}
