include(Integer)
