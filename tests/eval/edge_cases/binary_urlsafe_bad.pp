notice(Binary('+/8=', '%r'))
