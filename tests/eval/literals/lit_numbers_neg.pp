notice(-0x10, -010, -1.5e3)
