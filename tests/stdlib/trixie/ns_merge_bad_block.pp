notice(stdlib::merge([1]) |$a| { {} })
