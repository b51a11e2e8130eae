type LNode = Object[{attributes => {v => Integer, nxt => Optional[LNode]}}]
notice(LNode(1, LNode(2, undef)))
