notice(sprintf('%.4f', 3.1415123))
notice(sprintf('%f', 1))
notice(sprintf('%e', 12345.678))
