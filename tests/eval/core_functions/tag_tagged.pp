tag('mytag')
notice(tagged('mytag'))
