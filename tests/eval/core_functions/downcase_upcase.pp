notice(downcase('HeLLo'))
notice(upcase('HeLLo'))
notice(['A', 'B'].downcase)
notice({'A' => 'B'}.upcase)
