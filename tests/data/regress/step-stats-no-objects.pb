

cost
	
nNoOp""
fn*
sess



/cpu:0