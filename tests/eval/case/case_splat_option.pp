$o = ['x', 'y']
case 'y' { *$o: { notice('in') } default: { notice('out') } }
