notice(Boolean['x'])
