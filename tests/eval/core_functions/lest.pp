notice(undef.lest || { 'alt' })
notice(1.lest || { 'alt' })
