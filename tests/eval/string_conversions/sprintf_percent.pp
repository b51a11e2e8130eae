notice(sprintf('100%%'))
