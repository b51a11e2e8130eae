notice($server_facts['serverversion'])
notice($server_facts['environment'])
notice($serverversion)
