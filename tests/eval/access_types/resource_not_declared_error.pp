notice(Notify['nope'][message])
