notice(dos2unix("a\r\nb\r\n"))
notice(unix2dos("a\nb\r\r\nc").split("\r").length)
notice(unix2dos("a\nb\r\r\nc").length)
