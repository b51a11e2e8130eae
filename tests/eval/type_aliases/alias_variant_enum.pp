type Color = Enum[red, green]
type Thing = Variant[Color, Integer]
notice(red =~ Thing)
notice(blue =~ Thing)
notice(Thing)
