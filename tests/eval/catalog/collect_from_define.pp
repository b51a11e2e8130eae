define d() { @notify { "v-${title}": } }
d { 'x': }
Notify <| |>
