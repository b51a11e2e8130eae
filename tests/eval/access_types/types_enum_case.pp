notice(Enum['A', 'b', true], 'a' =~ Enum['A', true], 'A' =~ Enum['A'])
