type Portnum = Integer[1, 65535]
