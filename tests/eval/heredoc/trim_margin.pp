$s = @(END)
    line1
    line2
    |-END
notice("[${s}]")
