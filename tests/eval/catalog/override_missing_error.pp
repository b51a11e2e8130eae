Notify['zz'] { message => 1 }
