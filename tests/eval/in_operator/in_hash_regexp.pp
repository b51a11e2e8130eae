notice(/^a/ in {abc => 1})
