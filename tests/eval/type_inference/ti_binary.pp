notice(type(Binary('aGk=')))
