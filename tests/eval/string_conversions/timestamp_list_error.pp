notice(Timestamp('2020', ['%F']))
