# spec: expressions.md:1084
Enum[blue, red, green]
