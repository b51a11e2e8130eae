# @setting strict = error
notice("[${nope}]")
