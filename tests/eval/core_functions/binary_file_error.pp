notice(binary_file('nomodule/nofile.bin'))
