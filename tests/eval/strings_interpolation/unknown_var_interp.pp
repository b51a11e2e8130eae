notice("[${nope}]")
