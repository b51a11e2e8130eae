Enum[a, b].each |$v| { notice($v) }
