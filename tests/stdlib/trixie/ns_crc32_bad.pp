notice(stdlib::crc32(undef))
