# mutant: tea/types/httpsurl.pp lines 1-1, swapped '=' and 'Pattern' at 2:20
type Tea::HTTPSUrl Pattern =[/^https:\/\//]
