# Literal title patterns (as rabbitmq_binding's): `src@dst` fills two
# namevars, anything else is the name.
Puppet::Type.newtype(:gt_literal) do
  @doc = 'A binding-like type.'

  def self.title_patterns
    [
      [
        %r{^([^@]+)@([^@]+)$}m,
        [
          [:source],
          [:destination],
        ],
      ],
      [
        %r{(^([^@]*)$)}m,
        [
          [:name],
        ],
      ],
    ]
  end

  newparam(:name) do
    isnamevar
  end

  newparam(:source) do
    isnamevar
  end

  newparam(:destination) do
    isnamevar
  end

  newproperty(:arguments)
end
