
Ã
,/job:localhost/replica:0/task:0/device:CPU:0s
è¾“å…¥€€½æë (:97
æ‰¹æ¬¡ğŸ˜€"0€
æ˜¾å­˜_bfc 0€€€€ çBè¾“å…¥ = Placeholder()Hıÿ½æë[
æƒé‡€½æë (:" "€cpu (0€‚€€ çBæƒé‡ = VariableV2()Hşÿ½æëb
say"hi"”€½æë(:)'È"€quote"alloc 0€ˆ€€ çBsay"hi" = Op(ğŸš€launch)H‘€½æë]
	ctrlcharš€½æë(: 
"€	delalloc 0€Œ€€ çBctrlchar = Op(back\slash)H—€½æë
Â
./job:æœ¬åœ°/replica:0/task:0/device:GPU:0 ğŸš€|
å·ç§¯/Conv2DŠ€½æë (:+)"€
æ˜¾å­˜_bfc 0€„€€ çB&å·ç§¯/Conv2D = Conv2D(è¾“å…¥, æƒé‡)H‡€½æës

ğŸš€launch€½æë (:-+"!€emojiğŸ˜€alloc (0€†€€ çBğŸš€launch = Op(å·ç§¯/Conv2D)H‹€½æë‡

back\slash—€½æë(:KI$ÿÿÿÿÿÿÿÿÿtab	herenl
name"€single'quote (0€Š€€ çBback\slash = Op(say"hi")H”€½æë5
sep€½æë(Bsep = Op(aâ€¨b, ctrlchar)H›€½æë\
unknown_rank¡€½æë(: "€cpu (0€€€ çBunknown_rank = Op(sep)H€½æë