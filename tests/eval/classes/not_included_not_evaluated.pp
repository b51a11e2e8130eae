class c { notice('in c') }
notice('main')
