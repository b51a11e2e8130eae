class broken ($x = ) { }
