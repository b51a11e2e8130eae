include badloc
