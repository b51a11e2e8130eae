notice(!default)
