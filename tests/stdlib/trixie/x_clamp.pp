notice(clamp(1, 5, 3))
notice(clamp('12', 3, 7))
notice(clamp([10, 2, 30]))
notice(clamp(-5, 1.9, 8))
