$a = "You can quote me on that"
$b = "I keep \t of things\n\r\s\$\\ \" \' here"
$c = "\u0041\u{1F600}\u{41}"
$d = "line\
continued"
