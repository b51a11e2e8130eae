notice(5.nosuch)
