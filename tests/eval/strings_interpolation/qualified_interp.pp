notice("[${apache::port}]")
