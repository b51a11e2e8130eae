type Annotation = Integer
notice(Annotation)
