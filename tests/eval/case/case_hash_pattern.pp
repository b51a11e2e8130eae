case {a => 'xyz'} { {a => /y/}: { notice('pattern hash') } default: { notice('d') } }
