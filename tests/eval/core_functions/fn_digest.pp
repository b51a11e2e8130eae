notice(md5('a'), sha1('a'), sha256('a'))
