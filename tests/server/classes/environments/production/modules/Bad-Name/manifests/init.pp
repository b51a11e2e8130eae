class bad { }
