node 'a', 'testnode.example.com', 'b' { notify { 'in list': } }
