@notify { 'v': }
@notify { 'w': }
realize([Notify['v'], [Notify['w']]])
