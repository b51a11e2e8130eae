notice("[${nope::x}]")
