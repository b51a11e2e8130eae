# spec: expressions.md:1244, statement 2 of 5
Class[apache]                    # => Class[apache] (reference to the class 'apache')
