pry()
