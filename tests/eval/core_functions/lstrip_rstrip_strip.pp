notice("[${lstrip('  a  ')}]")
notice("[${rstrip('  a  ')}]")
notice("[${strip('  a  ')}]")
