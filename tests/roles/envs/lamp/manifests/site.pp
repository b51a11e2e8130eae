node default {
  include role::lamp
}
