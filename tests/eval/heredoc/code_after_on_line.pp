$x = @(END); notice('after')
body
END
notice($x)
