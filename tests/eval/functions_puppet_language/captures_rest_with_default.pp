function f(*$rest = ['d']) { $rest }
notice(f())
