notice(/a/ < /b/)
