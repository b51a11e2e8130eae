notice('ä' == 'Ä')
notice('ä' == 'ä')
