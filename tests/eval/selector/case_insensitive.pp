notice('HOT' ? { hot => red, default => other })
