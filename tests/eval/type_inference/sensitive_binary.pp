notice(type(Sensitive('s')))
notice(type(Binary('aGk=')))
