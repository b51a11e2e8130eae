notice(Sensitive.new('x'))
notice(Sensitive[String]('x'))
notice(Sensitive[Integer]('x'))
