class a {
  contain(true)
}
include a
