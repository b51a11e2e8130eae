class badloc {
  notify { 'badloc': }
}
class otherns::thing {
}
