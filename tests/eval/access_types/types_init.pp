notice(Init[Integer, '0x10'], Init[Integer]('12'))
