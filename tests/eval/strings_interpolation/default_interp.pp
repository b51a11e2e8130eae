notice("[${default}]")
