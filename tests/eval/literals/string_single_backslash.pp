notice('a\\b')
notice('a\nb')
notice('tab\there')
