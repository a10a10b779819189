
œ
,/job:localhost/replica:0/task:0/device:CPU:0W
negŠ€½æë(ıÿÿÿÿÿÿÿÿ:$"" €cpu 0€€€€ çBneg = Const()H‡€½æëV
afterˆ€½æë (:&$"€cpu (0€‚€€ çBafter = Op(x)H…€½æë;
negcons”€½æë(ûÿÿÿÿÿÿÿÿBnegcons = Op(after)H‘€½æë