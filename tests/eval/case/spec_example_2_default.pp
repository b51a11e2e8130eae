$band = 'elvis'
notice case $band {
  'paul', 'ringo': { 'One of The Beatles' }
  default: { 'In Some other band' }
}
