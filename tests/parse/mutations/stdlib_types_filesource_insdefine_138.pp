# mutant: stdlib/types/filesource.pp lines 2-9, inserted 'define' at 6:29
type Stdlib::Filesource = Variant[
  Stdlib::Absolutepath,
  Stdlib::HTTPUrl,
  Pattern[
    /\Afile:\/\/\/([^\n\/\0] define +(\/)?)+\z/,
    /\Apuppet:\/\/(([\w-]+\.?)+)?\/([^\n\/\0]+(\/)?)+\z/,
  ],
]
