notice(Integer == Integer[default, default], Integer[1] == Integer[1, default])
