(;FF[4]GM[1]CA[UTF-8]AP[koban:0.1.0]SZ[7]KM[2]RU[koban:ko=positional,scoring=territory,suicide=allowed])
