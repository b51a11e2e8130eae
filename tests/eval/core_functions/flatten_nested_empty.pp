notice(flatten([[], [[]]]))
