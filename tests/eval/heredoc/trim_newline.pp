notice("[${@(END)}]")
no newline
-END
