if true { notice('yes') }
