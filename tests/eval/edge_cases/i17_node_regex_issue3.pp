node /^test(node)\.(ex)/ { notice("[$0] [$1] [$2]") include c }
class c { notice("c: [$1]") }
