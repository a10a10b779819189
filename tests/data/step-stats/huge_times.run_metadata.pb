
¼
é
,/job:localhost/replica:0/task:0/device:CPU:0Z
early€î¦ÑÅìÎïÿ (:$""€cpu 0€€€€ çBearly = Const()Hýí¦ÑÅìÎïÿ]
mid ÿÿé×¼®þ(€€ê×¼®þ:&$"€cpu (0€‚€€ çBmid = Op(early)Hýÿÿÿÿÿÿÿÿ
Í
,/job:localhost/replica:0/task:0/device:GPU:0e
late€’Ù®º“± ÿé0(€ê0:*("€	GPU_0_bfc 0€„€€ çBlate = Op(mid, early)Hý‘Ù®º“±6
later¹òÙ®º“± (Blater = Op(late, mid)H¶òÙ®º“±