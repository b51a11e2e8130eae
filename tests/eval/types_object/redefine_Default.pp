type Default = Integer
notice(Default)
