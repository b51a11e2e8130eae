$band = 'ringo'
notice case $band {
  'paul', 'ringo', 'george', 'john': { 'One of The Beatles' }
  'mick', 'keith', 'charlie', 'ronnie': { 'One of The Rolling Stones' }
  default: { 'In Some other band' }
}
