node /^testnode\./ {
  notice('regex')
}
