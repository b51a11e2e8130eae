notice(@("END":yaml/t))
a:\tb
END
