type Sensitive = Integer
