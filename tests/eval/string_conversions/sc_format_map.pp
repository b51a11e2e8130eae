notice(String([1, 'a'], {Integer => '%x', String => '%p'}))
