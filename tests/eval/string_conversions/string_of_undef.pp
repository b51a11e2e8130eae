notice("[${String(undef)}]")
