notice(/a/ == /a/, /a/ == /b/)
