class topcode {
}
notice('top level code in a module file')
