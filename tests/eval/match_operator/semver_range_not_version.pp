notice('notaversion' =~ SemVerRange('1.x'))
