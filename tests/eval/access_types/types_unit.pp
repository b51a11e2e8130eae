notice(Integer =~ Type[Integer[1,2]], Integer[1,2] =~ Type[Integer])
