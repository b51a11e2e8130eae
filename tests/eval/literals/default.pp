notice(default)
notice([default])
