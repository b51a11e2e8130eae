notice(join([@(A), 'x'], '-'))
  line
  |-A
