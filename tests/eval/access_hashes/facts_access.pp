notice($facts['os']['release']['major'])
