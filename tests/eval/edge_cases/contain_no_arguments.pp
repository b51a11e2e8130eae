contain()
