case 'ABC' {
  'abc': { notice('matched case-insensitively') }
}
