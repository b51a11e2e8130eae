notice(Init[Optional[String]]('x'))
