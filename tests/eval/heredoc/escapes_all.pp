notice(@("END"/))
a\tb\$c \\ d
END
