notice([Integer, String[1], Enum[b, a]])
