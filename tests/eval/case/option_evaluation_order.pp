function opt($x) { notice("eval ${x}"); $x }
case 2 {
  opt(1), opt(2), opt(3): { notice(hit) }
  opt(4): { notice(no) }
}
