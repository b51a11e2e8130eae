class myclass { notice('required') }
notice('myclass'.require == undef)
