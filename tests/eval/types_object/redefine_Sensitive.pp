type Sensitive = Integer
notice(Sensitive)
