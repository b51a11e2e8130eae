notice(@(END:json))
  {"a": 1}
  END
