notice(String[1,2], String[1], String[default, 5])
