class web::dynamic_type (Integer $min = 1, Integer[$min] $value = 2, Array[$facts['t']] $other = []) { }
