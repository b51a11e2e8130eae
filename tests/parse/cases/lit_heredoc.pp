$a = @(END)
  This is the text
  END
$b = @("END")
  Hi $a ${a}
  END
$c = @(END:json)
  {"a": 1}
  END
$d = @(END/tn)
  a\tb\nc
  END
$e = @(END)
  | margin
    more
  |-END
