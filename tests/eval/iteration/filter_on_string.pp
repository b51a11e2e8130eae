notice('abc'.filter |$x| { true })
