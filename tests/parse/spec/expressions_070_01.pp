# spec: expressions.md:1244, statement 1 of 5
Class                            # => any class
