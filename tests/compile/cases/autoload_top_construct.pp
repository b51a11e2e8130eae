include topcode
