notice({a => [1]} =~ Data, {1 => 2} =~ Data, [default] =~ Data, {a => /x/} =~ RichData)
