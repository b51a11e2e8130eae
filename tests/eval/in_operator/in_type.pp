notice(Integer in [1, 'a'], String in {a=>1})
