# nova's PCI aliases and passthrough: to_array_of_json_strings.
class { 'nova::pci':
  aliases => [{ 'vendor_id' => '8086', 'product_id' => '0443', 'name' => 'a1' }],
}
class { 'nova::compute::pci':
  passthrough => '[{"vendor_id": "8086", "product_id": "0443"}]',
}
