class broken::ok (String $s = 'fine') { }
