notice(@("END"/u))
\u00e9
END
