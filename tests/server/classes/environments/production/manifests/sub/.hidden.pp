class hidden { }
