first threeno keyvalue first	second three
dfour
dev