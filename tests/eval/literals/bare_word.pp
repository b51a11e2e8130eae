notice(hello)
notice(hello::world)
