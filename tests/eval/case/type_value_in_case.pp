case Integer {
  Type[Integer]: { notice('a type value') }
}
