notice(*1)
