case [1, 2] { [1, 2]: { notice('exact') } default: { notice('no') } }
