node /example/ { notice('first') }
node /test/ { notice('second') }
