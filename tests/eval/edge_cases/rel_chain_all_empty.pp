[] -> [] ~> []
notice('ok')
