notice("You can quote me on that")
