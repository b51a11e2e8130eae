case SemVer('1.5.0') {
  SemVerRange('>=2.0.0'): { notice(two) }
  SemVerRange('>=1.0.0 <2.0.0'): { notice(one) }
}
