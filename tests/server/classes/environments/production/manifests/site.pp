node default {
  include web
}
