notice("[${nope}]")
notice('continued')
