type Notify = Integer
notice(Notify)
