nosuchdefine { 'a': }
