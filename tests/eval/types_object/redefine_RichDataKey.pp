type RichDataKey = Integer
notice(RichDataKey)
