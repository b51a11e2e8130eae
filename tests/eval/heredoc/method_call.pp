notice(@(END).upcase)
shout
END
