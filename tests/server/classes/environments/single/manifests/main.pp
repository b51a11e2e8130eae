class single ($a = 1) { }
