case 'str' {
  Integer: { notice(int) }
  String: { notice(string) }
}
