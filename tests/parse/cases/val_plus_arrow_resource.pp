file { 'a': mode +> '0644' }
