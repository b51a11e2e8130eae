foo { a +> 1 }
