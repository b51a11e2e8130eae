kmod::load { 'br_netfilter': }
