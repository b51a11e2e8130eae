type Runtime[ruby, 'MyClass'] = MyType
