notice(Binary('YQ==') in Binary('YWJj'))
