$u = undef
notice($u ? { undef => was_undef, default => other })
