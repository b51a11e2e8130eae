if 'false' { notice('string false is truthy') }
