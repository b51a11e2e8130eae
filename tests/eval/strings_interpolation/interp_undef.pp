notice("[${undef}] [${[undef]}]")
