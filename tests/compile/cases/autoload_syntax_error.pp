include badsyntax
