case default {
  'x': { notice(x) }
  default: { notice('default option') }
}
