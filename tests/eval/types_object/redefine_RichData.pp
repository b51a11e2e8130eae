type RichData = Integer
notice(RichData)
