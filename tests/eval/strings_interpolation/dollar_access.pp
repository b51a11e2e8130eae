$a = [10, 20]
notice("$a[1]")
$h = {k => v}
notice("$h[k]")
