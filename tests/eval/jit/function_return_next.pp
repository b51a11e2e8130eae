function r($x) { if $x > 1 { return('big') } 'small' }
function n($x) { next($x + 1) }
notice(r(1), r(2), n(5))
notice([1, 2].map |$v| { r($v) })
