case ['a', 1] { [/a/, Integer]: { notice('pattern array') } default: { notice('d') } }
