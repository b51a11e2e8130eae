notice(Init[NotUndef[String]]('x'))
