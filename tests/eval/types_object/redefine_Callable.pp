type Callable = Integer
notice(Callable)
