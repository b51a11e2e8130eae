notice([1, 'a', true, undef, 1.5, default, /r/])
