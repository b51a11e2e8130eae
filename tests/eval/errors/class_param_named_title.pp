class c($title) { }
