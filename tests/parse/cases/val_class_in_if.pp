if true { class b {} }
