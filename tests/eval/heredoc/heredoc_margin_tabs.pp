notice(@(E))
\ta
\t| E
