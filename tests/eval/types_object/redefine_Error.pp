type Error = Integer
notice(Error)
