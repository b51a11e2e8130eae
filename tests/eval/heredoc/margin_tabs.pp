notice(@(END))
	x
	| END
