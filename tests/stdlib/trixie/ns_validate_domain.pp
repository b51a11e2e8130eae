stdlib::validate_domain_name('example.com', 'a.b-c.org', 'localhost', 'example.com.')
stdlib::validate_email_address('a@b.com', 'x.y+z@example.org')
notice('ok')
