notice(Binary('YWJj-_', '%u'))
notice(String(Binary([251, 255]), '%u'))
notice(String(Binary([251, 255]), '%b'))
notice(Binary('+/8=', '%u'))
