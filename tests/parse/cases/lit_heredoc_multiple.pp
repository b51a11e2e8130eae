$a = [@(END1), @(END2)]
This is the text in the first heredoc
END1
This is the text in the second heredoc
END2
notice($a)
