notice(URI('ht tp://x'))
