case $x {
  'a': { }
  /b/: { }
}
