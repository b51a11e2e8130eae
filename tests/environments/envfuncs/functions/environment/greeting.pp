function environment::greeting(String $who) >> String {
  "hello ${who} from ${app::suffix()}"
}
