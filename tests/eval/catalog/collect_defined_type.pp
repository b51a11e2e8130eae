define d() { notice("eval ${title}") }
@d { 'a': }
@d { 'b': }
D <| title == 'b' |>
