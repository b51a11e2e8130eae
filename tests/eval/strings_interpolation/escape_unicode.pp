notice("\u00e9 \u{1F600} \u{41}")
