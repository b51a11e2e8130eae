if true { $in_if = 1 }
notice($in_if)
