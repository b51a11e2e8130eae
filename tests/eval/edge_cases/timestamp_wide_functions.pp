# Timestamps and Timespans past 2262 through functions, lambdas and
# iteration (both backends run this).
function next_day(Timestamp $t) >> Timestamp { $t + 86400 }
function span_of(Timestamp $a, Timestamp $b) >> Timespan { $a - $b }
$start = Timestamp('9999-12-29T00:00:00Z')
$days = [1, 2, 3].reduce($start) |$m, $x| { next_day($m) }
notice($days)
notice(span_of($days, Timestamp('1970-01-01')))
$ts = [1, 2, 3].map |$i| { Timestamp('3000-01-01') + Timespan({ days => $i }) }
notice($ts)
notice($ts.map |$t| { $t > Timestamp('3000-01-02') })
$h = { 'a' => Timestamp('4000-02-29'), 'b' => Timespan('300000-00:00:00') }
notice($h)
notice($h.filter |$k, $v| { $v =~ Timestamp })
notice(compare(Timestamp('5000-01-01'), Timestamp('4000-01-01')))
notice(max(Timestamp('5000-01-01'), Timestamp('4000-01-01')))
