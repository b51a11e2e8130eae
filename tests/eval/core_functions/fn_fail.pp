fail('custom ', 'message')
