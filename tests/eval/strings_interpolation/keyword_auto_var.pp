notice("[${node}] [${class}]")
