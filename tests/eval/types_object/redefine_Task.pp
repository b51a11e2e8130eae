type Task = Integer
notice(Task)
