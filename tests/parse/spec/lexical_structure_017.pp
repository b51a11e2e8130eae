# spec: lexical_structure.md:459
$a = [@(END1), @(END2)]
This is the text in the first heredoc, until the end marker is seen
END1
This is the text in the second heredoc, until the end marker is seen
END2
