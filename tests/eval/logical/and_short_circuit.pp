notice(false and fail('not evaluated'))
