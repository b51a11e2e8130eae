notice(Timestamp[default, 1433116800])
