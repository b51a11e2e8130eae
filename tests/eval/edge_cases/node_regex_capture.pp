node /^(testnode)\.(example)\.com$/ {
  notice("1=${1} 2=${2} 0=${0}")
}
