# spec: lexical_structure.md:69
# this is a single line comment

/* this is a multi-
   line comment.
*/
