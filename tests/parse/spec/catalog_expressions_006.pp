# spec: catalog_expressions.md:228
[[Notify['message1']], [Notify['message2']]]
