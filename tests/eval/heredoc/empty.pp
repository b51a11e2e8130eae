notice("[${@(END)}]")
END
