type In = Object[{attributes => { v => Integer }}]
type Out = Object[{attributes => { i => In, l => Array[In] }}]
$o = Out(In(1), [In(2), In(3)])
notice($o)
notice($o.l.map |$e| { $e.v })
notice($o.i.v)
