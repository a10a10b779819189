
íÌ
“Z
,/job:localhost/replica:0/task:0/device:GPU:0»
$tower_0/conv1/Conv2DBackpropFilter_0˛ˇèΩêÊÎ (2
	GPU_0_bfcÄÄ Ä(Äà@:-+"ÄÄ	GPU_0_bfc (0ÄÄÄÄÄ‡B=tower_0/conv1/Conv2DBackpropFilter_0 = Conv2DBackpropFilter()H˜ˇèΩêÊÎP˚
tower_0/gradients/Sum_4ÅÄêΩêÊÎ (2
	GPU_0_bfcÄÄ‡ÄÄ‡ ÄÄ‡(Äà†::8Ä@"!ÄÄ‡ÄÄ‡	GPU_0_bfc (0ÄÜùÄÄ‡Bitower_0/gradients/Sum_4 = Sum(tower_0/conv1/Conv2DBackpropFilter_0, tower_0/conv1/Conv2DBackpropFilter_0)H˙ˇèΩêÊÎP—
tower_0/pool2/ReluGrad_8ÚˇèΩêÊÎ (2
	GPU_0_bfcÄ†Ä† Ä†(Ä®¨:1/ 8"Ä†Ä†	GPU_0_bfc 
0ÄäÎÇÄ‡BJtower_0/pool2/ReluGrad_8 = ReluGrad(^tower_0/conv1/Conv2DBackpropFilter_0)HÎˇèΩêÊÎP·
tower_0/conv3/Mul_13åÄêΩêÊÎ (2
	GPU_0_bfcÄÄÄÄ ÄÄ(Ä®∫:53@8"ÄÄÄÄ	GPU_0_bfc 0ÄÇòÉÄ‡BZtower_0/conv3/Mul_13 = Mul(tower_0/conv1/Conv2DBackpropFilter_0, tower_0/pool2/ReluGrad_8)HÖÄêΩêÊÎP≠
tower_0/pool1/Sum_17àÄêΩêÊÎ &('2
	GPU_0_bfcÄ@Ä@ Ä@(ÄË∫:.,	Ä"Ä@Ä@	GPU_0_bfc (0Ä∏©ÉÄ‡B0tower_0/pool1/Sum_17 = Sum(tower_0/conv3/Mul_13)HÅÄêΩêÊÎP‹
!tower_0/conv4/FusedBatchNormV3_22öÄêΩêÊÎ Z([2
	GPU_0_bfcÄàìÄàì Äàì(ÄÕ:53@"ÄàÄà	GPU_0_bfc 0ÄæÇÜÄ‡:<8@Ä"!ÄÄêÄÄê	GPU_0_bfc (0Ä∆ÖÜÄ‡BÜtower_0/conv4/FusedBatchNormV3_22 = FusedBatchNormV3(tower_0/pool1/Sum_17, tower_0/conv1/Conv2DBackpropFilter_0, tower_0/pool1/Sum_17)HìÄêΩêÊÎPŒ
tower_0/conv2/Mul_26øÄêΩêÊÎ (2
	GPU_0_bfcÄÄ Ä(Ä¯Õ:-+"ÄÄ	GPU_0_bfc (0Äæ†éÄ‡BRtower_0/conv2/Mul_26 = Mul(IteratorGetNext_9, tower_0/conv4/FusedBatchNormV3_22:1)H∏ÄêΩêÊÎP
tower_0/conv1/MaxPool_31úÄêΩêÊÎ +(,2
	GPU_0_bfcÄÄÄÄ ÄÄ(Ä¯œ:0.	@Ä"ÄÄÄÄ	GPU_0_bfc #(0Ä÷†™Ä‡Bjtower_0/conv1/MaxPool_31 = MaxPool(tower_0/conv4/FusedBatchNormV3_22:1, tower_0/conv4/FusedBatchNormV3_22)HïÄêΩêÊÎPﬁ
tower_0/bn1/ApplyMomentum_35≈ÄêΩêÊÎ 
(2
	GPU_0_bfcÄ@Ä@ Ä@(Ä∏–:,*	Ä"Ä@Ä@	GPU_0_bfc (0Ä∂¿±Ä‡B[tower_0/bn1/ApplyMomentum_35 = ApplyMomentum(tower_1/pool1/MatMul_27, tower_0/conv2/Mul_26)HæÄêΩêÊÎPÈ
tower_0/loss/Identity_40»ÄêΩêÊÎ (2
	GPU_0_bfcÄÄÄÄ ÄÄ(Ä∏ﬁ:53 @"ÄÄÄÄ	GPU_0_bfc .0Ä–™∂Ä‡B^tower_0/loss/Identity_40 = Identity(tower_0/pool1/Sum_17, tower_0/conv4/FusedBatchNormV3_22:1)H¡ÄêΩêÊÎP“
tower_0/conv1/Sum_44≤ÄêΩêÊÎ å(ç2
	GPU_0_bfcÄÄ Ä(Ä‘ﬁ:+)@"ÄÄ	GPU_0_bfc 20ÄÏ°∑Ä‡BVtower_0/conv1/Sum_44 = Sum(tower_0/bn1/ApplyMomentum_35, tower_0/bn1/ApplyMomentum_35)H´ÄêΩêÊÎP◊
tower_0/bn1/MatMul_48™ÅêΩêÊÎ (2
	GPU_0_bfcÄÄÄÄ ÄÄ(Ä‘Ó:86@Ä"ÄÄÄÄ	GPU_0_bfc 7(0Äñø∫Ä‡BLtower_0/bn1/MatMul_48 = MatMul(tower_3/input/Shape_39, tower_0/conv1/Sum_44)H£ÅêΩêÊÎPÒ
tower_0/fc1/Reshape_53ªÅêΩêÊÎ (2
	GPU_0_bfcÄÄ8ÄÄ8 ÄÄ8(Ä‘¶	:86 Ä8"ÄÄ8ÄÄ8	GPU_0_bfc ;(0ÄÊ“∫Ä‡Betower_0/fc1/Reshape_53 = Reshape(tower_0/bn1/MatMul_48, tower_0/bn1/MatMul_48, tower_0/bn1/MatMul_48)H¥ÅêΩêÊÎP◊
tower_0/conv2/AddV2_57øÅêΩêÊÎ (2
	GPU_0_bfcÄÄÄÄ ÄÄ(Ä‘≠	:42 Ä"ÄÄÄÄ	GPU_0_bfc ?(0ÄÚü¡Ä‡BOtower_0/conv2/AddV2_57 = AddV2(tower_0/bn1/MatMul_48, tower_0/conv1/MaxPool_31)H∏ÅêΩêÊÎP±
tower_0/fc1/FusedBatchNormV3_62¿ÅêΩêÊÎ (2
	GPU_0_bfcÄ‡Ä8Ä‡Ä8 Ä‡Ä8(Ä¥ÆA:0.Ä"Ä`Ä`	GPU_0_bfc D0Ä∏≈«Ä‡:<8@Ä@"!ÄÄÄ8ÄÄÄ8	GPU_0_bfc E(0Äò∆«Ä‡Bctower_0/fc1/FusedBatchNormV3_62 = FusedBatchNormV3(tower_0/bn1/MatMul_48, tower_0/conv1/Sum_44/_98)HπÅêΩêÊÎP˜
tower_0/bn2/Reshape_66»ÅêΩêÊÎ (2
	GPU_0_bfcÄÄêÄÄê ÄÄê(Ä¥æG::8@Ä"!ÄÄêÄÄê	GPU_0_bfc I(0Ä ‚ˇÄ‡Bftower_0/bn2/Reshape_66 = Reshape(tower_0/fc1/FusedBatchNormV3_62:1, tower_0/fc1/FusedBatchNormV3_62:1)H¡ÅêΩêÊÎP∂
tower_0/loss/Sum_71–ÅêΩêÊÎ (	2
	GPU_0_bfcÄƒÄƒ Äƒ(Ä¯øG:31"ÄƒÄƒ	GPU_0_bfc O(0ÄˆÉâÅ‡B2tower_0/loss/Sum_71 = Sum(^tower_0/bn2/Reshape_66)H…ÅêΩêÊÎP∂
tower_0/conv2/AddV2_75◊ÅêΩêÊÎ (2
	GPU_0_bfcÄ`Ä` Ä`(Äÿ¿G:20Ä"Ä`Ä`	GPU_0_bfc S(0ÄÚäòÅ‡B3tower_0/conv2/AddV2_75 = AddV2(tower_0/loss/Sum_71)H–ÅêΩêÊÎP≥
tower_0/fc2/Relu_80›ÅêΩêÊÎ )(*2
	GPU_0_bfcÄ Ä  Ä (Ä¯¿G:31@"Ä Ä 	GPU_0_bfc Z0Ä÷åôÖ‡B2tower_0/fc2/Relu_80 = Relu(tower_0/bn2/Reshape_66)H÷ÅêΩêÊÎP…
tower_0/pool2/Conv2D_84ÔÄêΩêÊÎ ç(é2
	GPU_0_bfcÄÄàÄÄà ÄÄà(Ä¯»J:75 @"ÄÄàÄÄà	GPU_0_bfc ^0Äí∑ôÖ‡B8tower_0/pool2/Conv2D_84 = Conv2D(tower_0/conv2/AddV2_75)HËÄêΩêÊÎPŸ
tower_0/bn1/Reshape_88ûÇêΩêÊÎ (2
	GPU_0_bfcÄÄ Ä(ÄÜ…J:/-@"ÄÄ	GPU_0_bfc b0ÄÆ°ùÖ‡BYtower_0/bn1/Reshape_88 = Reshape(tower_0/fc1/FusedBatchNormV3_62, tower_0/bn2/Reshape_66)HóÇêΩêÊÎP—
tower_0/fc1/Identity_93íÇêΩêÊÎ (2
	GPU_0_bfcÄÄ Ä(Äå…J:-+@"ÄÄ	GPU_0_bfc g(0Ä¶Ó†Ö‡BRtower_0/fc1/Identity_93 = Identity(tower_1/input/Cast_19, tower_0/pool2/Conv2D_84)HãÇêΩêÊÎPÔ
tower_0/bn3/MaxPool_97§ÇêΩêÊÎ (	2
	GPU_0_bfcÄÄÄÄ ÄÄ(ÄåŸJ:31@@"ÄÄÄÄ	GPU_0_bfc m(0Ä¶èŸÖ‡Bhtower_0/bn3/MaxPool_97 = MaxPool(tower_0/bn1/Reshape_88, tower_1/input/_Recv_79, tower_0/bn1/Reshape_88)HùÇêΩêÊÎPÃ
tower_0/fc2/Relu_102ûÇêΩêÊÎ 
(2
	GPU_0_bfcÄÄ Ä(ÄíŸJ:1/"†Ä	GPU_0_bfc q(0ÄÄ®‹Ö‡BLtower_0/fc2/Relu_102 = Relu(tower_0/pool2/Conv2D_84, tower_0/conv2/AddV2_75)HóÇêΩêÊÎP”
tower_0/pool2/Mul_106úÇêΩêÊÎ (2
	GPU_0_bfcÄêÄê Äê(Ä¢ﬂJ:75 8"ÄêÄê	GPU_0_bfc u(0ÄÜïﬂÖ‡BItower_0/pool2/Mul_106 = Mul(tower_0/bn3/MaxPool_97, tower_0/fc2/Relu_102)HïÇêΩêÊÎP»
tower_0/fc1/AddV2_111£ÇêΩêÊÎ G(H2
	GPU_0_bfcÄÄ Ä(Ä§ﬂJ:+)"‡Ä	GPU_0_bfc z0ÄÏõ„Ö‡BMtower_0/fc1/AddV2_111 = AddV2(tower_0/pool2/Mul_106, tower_1/fc2/Reshape_103)HúÇêΩêÊÎP”
tower_0/conv2/Sum_115«ÇêΩêÊÎ 
(2
	GPU_0_bfcÄÄ Ä(Ä¶ﬂJ:*("`Ä	GPU_0_bfc ~0Äûº„Ö‡BYtower_0/conv2/Sum_115 = Sum(tower_0/fc1/AddV2_111, tower_3/conv1/Conv2DBackpropInput_110)H¿ÇêΩêÊÎPÂ
tower_0/fc1/ReluGrad_120æÇêΩêÊÎ )(*2
	GPU_0_bfcÄÄêÄÄê ÄÄê(Ä¶ÔP:;9 Ä8""ÄÄêÄÄê	GPU_0_bfc É(0Ä‡°‰Ö‡BQtower_0/fc1/ReluGrad_120 = ReluGrad(tower_0/conv2/Sum_115, tower_0/conv2/Sum_115)H∑ÇêΩêÊÎPˆ
tower_0/bn2/Conv2D_124ªÇêΩêÊÎ  (!2
	GPU_0_bfcÄ†Ä† Ä†(Ä∆˚P:42@8" Ä†Ä†	GPU_0_bfc á(0Ä†˝ÔÖ‡Bntower_0/bn2/Conv2D_124 = Conv2D(tower_0/fc1/ReluGrad_120, tower_0/fc1/AddV2_111, tower_0/fc1/ReluGrad_120/_14)H¥ÇêΩêÊÎPù
 tower_0/bn2/FusedBatchNormV3_128·ÇêΩêÊÎ (2
	GPU_0_bfcÄ¿£Ä¿£ Ä¿£(ÄÜü]:;9@Ä""ÄÄ†ÄÄ†	GPU_0_bfc ã(0ÄƒçÖ‡:51Ä"Ä¿Ä¿	GPU_0_bfc å0Äƒ≠¸Ö‡BJtower_0/bn2/FusedBatchNormV3_128 = FusedBatchNormV3(tower_0/conv2/Sum_115)H⁄ÇêΩêÊÎPâ
tower_0/pool1/ApplyMomentum_133ﬁÇêΩêÊÎ (2 
	GPU_0_bfcÄÄÄ8ÄÄÄ8 ÄÄÄ8(ÄÜüï:<: ÄÄ""ÄÄÄ8ÄÄÄ8	GPU_0_bfc ë(0ÄÆ–¸Ö‡Bltower_0/pool1/ApplyMomentum_133 = ApplyMomentum(tower_2/input/Const_129, tower_0/bn2/FusedBatchNormV3_128:1)H◊ÇêΩêÊÎP˚
tower_0/conv4/MatMul_137ÓÇêΩêÊÎ (2
	GPU_0_bfcÄÄ Ä(Äúüï:20"ÄÄ	GPU_0_bfc ó(0ÄÏ‹ΩÜ‡Butower_0/conv4/MatMul_137 = MatMul(tower_0/fc1/ReluGrad_120, tower_0/bn2/Conv2D_124, tower_0/bn2/FusedBatchNormV3_128)HÁÇêΩêÊÎP›
tower_0/fc2/MaxPool_142¿ÇêΩêÊÎ G(H2
	GPU_0_bfcÄÄ@ÄÄ@ ÄÄ@(Äúﬂï:20@@@"ÄÄ@ÄÄ@	GPU_0_bfc ú0Ä®ÊæÜ‡BUtower_0/fc2/MaxPool_142 = MaxPool(tower_0/conv4/MatMul_137, tower_0/conv4/MatMul_137)HπÇêΩêÊÎPå
*tower_0/gradients/Conv2DBackpropFilter_146⁄ÇêΩêÊÎ P(Q2
	GPU_0_bfcÄÄ Ä(Äûﬂï:20"‡Ä	GPU_0_bfc °(0Ä®‚øÜ‡Bttower_0/gradients/Conv2DBackpropFilter_146 = Conv2DBackpropFilter(tower_0/conv4/MatMul_137, tower_0/fc2/MaxPool_142)H”ÇêΩêÊÎPˇ
tower_0/pool1/Sum_151£ÉêΩêÊÎ '((2
	GPU_0_bfcÄÄ Ä(Ä¨ﬂï:42@"ÄÄ	GPU_0_bfc ¶0Ä¨›¿Ü‡Bztower_0/pool1/Sum_151 = Sum(tower_0/fc2/MaxPool_142, tower_0/fc1/ReluGrad_120, tower_0/gradients/Conv2DBackpropFilter_146)HúÉêΩêÊÎP◊
tower_0/pool1/Mul_155±ÉêΩêÊÎ 
(2 
	GPU_0_bfcÄÄêÄÄê ÄÄê(Ä¨Ôõ:97@Ä" ÄÄêÄÄê	GPU_0_bfc ™0ÄîÍ¿Ü‡BGtower_0/pool1/Mul_155 = Mul(tower_0/gradients/Conv2DBackpropFilter_146)H™ÉêΩêÊÎP‘
tower_0/conv1/Reshape_160≥ÉêΩêÊÎ (2
	GPU_0_bfcÄ Ä  Ä (ÄÃÔõ:.,@"Ä Ä 	GPU_0_bfc ±(0ÄÙÚ Ü‡BQtower_0/conv1/Reshape_160 = Reshape(tower_0/pool1/Mul_155, IteratorGetNext_159:1)H¨ÉêΩêÊÎPÊ
tower_0/bn1/AddV2_164≠ÉêΩêÊÎ (2 
	GPU_0_bfcÄÄÄÄÄÄ ÄÄÄ(ÄÃÔ¢:<:ÄÄ""ÄÄÄÄÄÄ	GPU_0_bfc µ(0Äñˆ Ü‡BStower_0/bn1/AddV2_164 = AddV2(tower_0/conv1/Reshape_160, tower_0/conv1/Reshape_160)H¶ÉêΩêÊÎP€
tower_0/fc2/Identity_168ΩÉêΩêÊÎ (2
	GPU_0_bfcÄ2Ä2 Ä2(Ä˛Ô¢:20 "Ä1Ä2	GPU_0_bfc π(0Ä÷œ”Ü‡BUtower_0/fc2/Identity_168 = Identity(tower_0/conv1/Reshape_160, tower_0/pool1/Sum_151)H∂ÉêΩêÊÎP€
tower_0/conv5/MatMul_173¨ÉêΩêÊÎ (2
	GPU_0_bfcÄêÄê Äê(Äéˆ¢:20@8"ÄêÄê	GPU_0_bfc æ0ÄË’‘Ü‡BRtower_0/conv5/MatMul_173 = MatMul(tower_0/fc2/Identity_168, IteratorGetNext_159:1)H•ÉêΩêÊÎPƒ
%tower_0/loss/FusedBatchNormGradV3_177ÀÉêΩêÊÎ (2
	GPU_0_bfcÄÄÄÄ ÄÄ(Äéî£:31@Ä"ÄÄÄÄ	GPU_0_bfc ¬0Ä÷Â‘Ü‡::6@@" ÄÄÄÄ	GPU_0_bfc √(0Ä÷Á‘Ü‡Bqtower_0/loss/FusedBatchNormGradV3_177 = FusedBatchNormGradV3(tower_0/fc2/Identity_168, ^tower_0/fc2/Identity_168)HƒÉêΩêÊÎP◊
tower_0/gradients/MatMul_182ªÉêΩêÊÎ 0(12
	GPU_0_bfcÄ‹
Ä‹
 Ä‹
(ÄÍû£:64"Ä‹
Ä‹
	GPU_0_bfc »0Ä˛€’Ü‡BFtower_0/gradients/MatMul_182 = MatMul(tower_1/conv2/ApplyMomentum_178)H¥ÉêΩêÊÎPÈ
tower_0/pool1/BiasAdd_186ÿÉêΩêÊÎ (2
	GPU_0_bfcÄàÄà Äà(ÄÚ°£:648"ÄàÄà	GPU_0_bfc Ã0ÄéÁ’é‡B[tower_0/pool1/BiasAdd_186 = BiasAdd(tower_0/gradients/MatMul_182, tower_0/fc2/Identity_168)H—ÉêΩêÊÎPì
$tower_0/fc1/Conv2DBackpropFilter_191ÚÇêΩêÊÎ t(u2
	GPU_0_bfcÄÄ Ä(ÄÇ¢£:64"‡Ä	GPU_0_bfc —(0Äû™∆è‡B}tower_0/fc1/Conv2DBackpropFilter_191 = Conv2DBackpropFilter(tower_0/loss/FusedBatchNormGradV3_177, tower_0/pool1/BiasAdd_186)HÎÇêΩêÊÎPì
tower_0/bn3/ApplyMomentum_195ÒÉêΩêÊÎ 2(32 
	GPU_0_bfcÄÄƒÄÄƒ ÄÄƒ(ÄÇÊ§:;9Ä""ÄÄƒÄÄƒ	GPU_0_bfc ’(0Ä∆¡∆è‡Bytower_0/bn3/ApplyMomentum_195 = ApplyMomentum(tower_0/fc1/Conv2DBackpropFilter_191, tower_0/fc1/Conv2DBackpropFilter_191)HÍÉêΩêÊÎP≤
&tower_0/gradients/FusedBatchNormV3_200úÑêΩêÊÎ (2 
	GPU_0_bfcÄ¿ƒÄ¿ƒ Ä¿ƒ(Ä¬™¶:75Ä"Ä¿Ä¿	GPU_0_bfc ‹0Ä∞ÙÀè‡:=9 @Ä""ÄÄ¿ÄÄ¿	GPU_0_bfc ›(0Ä¯Àè‡BTtower_0/gradients/FusedBatchNormV3_200 = FusedBatchNormV3(tower_0/pool1/BiasAdd_186)HïÑêΩêÊÎPä
tower_0/bn2/Relu_204úÑêΩêÊÎ (	2
	GPU_0_bfcÄÄÄÄ ÄÄ(Ä¬¨¶:1/	@Ä" ÄÄÄÄ	GPU_0_bfc ·(0Ä¿ÂÕè‡BÖtower_0/bn2/Relu_204 = Relu(tower_0/conv5/MatMul_173, tower_0/fc1/Conv2DBackpropFilter_191, tower_0/gradients/FusedBatchNormV3_200:1)HïÑêΩêÊÎP‚
tower_0/conv2/MatMul_208úÑêΩêÊÎ (2
	GPU_0_bfcÄƒÄƒ Äƒ(ÄÜÆ¶:428" ÄƒÄƒ	GPU_0_bfc Â(0Äî∂œè‡BWtower_0/conv2/MatMul_208 = MatMul(tower_0/bn3/ApplyMomentum_195, ^tower_0/bn2/Relu_204)HïÑêΩêÊÎPZ
tower_3/input/Shape_39/_17®ÅêΩêÊÎ (B$tower_3/input/Shape_39/_17 = _Recv()H°ÅêΩêÊÎl
#tower_1/conv2/ApplyMomentum_178/_53πÉêΩêÊÎ (B-tower_1/conv2/ApplyMomentum_178/_53 = _Recv()H≤ÉêΩêÊÎ
§\
,/job:localhost/replica:0/task:0/device:GPU:1©
tower_1/conv5/MatMul_1„áêΩêÊÎ 	(
2
	GPU_1_bfcÄÄÄÄ ÄÄ(ÄÄ\:53 8@"ÄÄÄÄ	GPU_1_bfc 0ÄàÄÄÄ‡B!tower_1/conv5/MatMul_1 = MatMul()H‹áêΩêÊÎPó
 tower_1/conv5/FusedBatchNormV3_5ÎáêΩêÊÎ (2
	GPU_1_bfcÄÄnÄÄn ÄÄn(ÄÄ :20@Ä"ÄÄÄÄ	GPU_1_bfc 0ÄÜ˝ÅÄ‡::6Ä"ÄÄbÄÄb	GPU_1_bfc (0ÄÜâÇÄ‡BKtower_1/conv5/FusedBatchNormV3_5 = FusedBatchNormV3(tower_1/conv5/MatMul_1)H‰áêΩêÊÎPÕ
tower_1/conv4/Identity_10ÈáêΩêÊÎ (2
	GPU_1_bfcÄÄ Ä(Äñ :1/"ÄÄ	GPU_1_bfc (0ÄÍñÉÄ‡BHtower_1/conv4/Identity_10 = Identity(tower_1/conv5/FusedBatchNormV3_5:1)H‚áêΩêÊÎPÒ
tower_1/conv2/ApplyMomentum_14ˆáêΩêÊÎ (2
	GPU_1_bfcÄÄ Ä(Ä≤ :-+ 8"ÄÄ	GPU_1_bfc (0ÄÇ¶ÉÄ‡Bktower_1/conv2/ApplyMomentum_14 = ApplyMomentum(tower_1/conv5/FusedBatchNormV3_5, tower_1/conv4/Identity_10)HÔáêΩêÊÎP∑
tower_1/fc2/Relu_18˙áêΩêÊÎ 	(
2
	GPU_1_bfcÄ`Ä` Ä`(ÄíÀ:42Ä"Ä`Ä`	GPU_1_bfc 0Ä¯©ÉÄ‡B5tower_1/fc2/Relu_18 = Relu(tower_1/conv4/Identity_10)HÛáêΩêÊÎPË
tower_1/conv1/Mul_23ˇáêΩêÊÎ (2
	GPU_1_bfcÄ¿
Ä¿
 Ä¿
(Ä“’:64Ä"Ä¿
Ä¿
	GPU_1_bfc 0Ä∆ïåÄ‡B`tower_1/conv1/Mul_23 = Mul(tower_1/conv5/FusedBatchNormV3_5, tower_1/conv5/FusedBatchNormV3_5:1)H¯áêΩêÊÎP›
tower_1/pool1/MatMul_27ààêΩêÊÎ (()2
	GPU_1_bfcÄÄÄÄÄÄ ÄÄÄ(Ä“’:97ÄÄ"ÄÄÄÄÄÄ	GPU_1_bfc  0Ä∆†éÄ‡BLtower_1/pool1/MatMul_27 = MatMul(tower_1/conv1/Mul_23, tower_1/conv1/Mul_23)HÅàêΩêÊÎP÷
tower_1/conv1/MaxPool_32ïàêΩêÊÎ (2
	GPU_1_bfcÄÄÄÄ ÄÄ(Ä“„:20 Ä"ÄÄÄÄ	GPU_1_bfc $0Ä÷¢™Ä‡BNtower_1/conv1/MaxPool_32 = MaxPool(IteratorGetNext_9, tower_1/pool1/MatMul_27)HéàêΩêÊÎPã
tower_1/gradients/MaxPool_36çàêΩêÊÎ (2
	GPU_1_bfcÄÄ‡ÄÄ‡ ÄÄ‡(Ä“√:64@8Ä"!ÄÄ‡ÄÄ‡	GPU_1_bfc )(0Äˆ¿±Ä‡Bxtower_1/gradients/MaxPool_36 = MaxPool(tower_1/conv5/FusedBatchNormV3_5:1, tower_1/fc2/Relu_18, tower_1/pool1/MatMul_27)HÜàêΩêÊÎP‘
tower_1/conv4/Sum_41ûàêΩêÊÎ (2
	GPU_1_bfcÄÄÄÄ ÄÄ(Ä“ :31@"ÄÄÄÄ	GPU_1_bfc /(0Ä–∏∂Ä‡BOtower_1/conv4/Sum_41 = Sum(^tower_1/gradients/MaxPool_36, tower_1/conv1/Mul_23)HóàêΩêÊÎPã
(tower_1/gradients/Conv2DBackpropInput_45˜áêΩêÊÎ z({2
	GPU_1_bfcÄÄÄÄ ÄÄ(Ä“ﬂ:75 @"ÄÄÄÄ	GPU_1_bfc 3(0Äà¢∑Ä‡Bntower_1/gradients/Conv2DBackpropInput_45 = Conv2DBackpropInput(tower_1/conv1/MaxPool_32, tower_1/conv4/Sum_41)HáêΩêÊÎPÚ
tower_1/bn1/ApplyMomentum_50“àêΩêÊÎ 	(
2
	GPU_1_bfcÄ¿Ä¿ Ä¿(Äí„:20Ä"Ä¿Ä¿	GPU_1_bfc 80Äñœ∫Ä‡Bftower_1/bn1/ApplyMomentum_50 = ApplyMomentum(tower_3/input/Shape_39, tower_1/conv5/FusedBatchNormV3_5)HÀàêΩêÊÎP€
tower_1/loss/Conv2D_54ŸàêΩêÊÎ +(,2
	GPU_1_bfcÄÄêÄÄê ÄÄê(ÄíÛ%:86 Ä8"ÄÄêÄÄê	GPU_1_bfc <0ÄÊäªÄ‡BLtower_1/loss/Conv2D_54 = Conv2D(tower_1/conv4/Sum_41, tower_1/input/Cast_19)H“àêΩêÊÎP›
tower_1/conv4/BiasAdd_58≥àêΩêÊÎ K(L2
	GPU_1_bfcÄ†Ä† Ä†(Ä≤¯%:53@"Ä†Ä†	GPU_1_bfc @0ÄÚ¶¡Ä‡BRtower_1/conv4/BiasAdd_58 = BiasAdd(tower_1/loss/Conv2D_54, tower_1/loss/Conv2D_54)H¨àêΩêÊÎP˙
tower_1/conv3/MaxPool_63˚àêΩêÊÎ ;(<2
	GPU_1_bfcÄÄÄÄ ÄÄ(Ä≤î&:20Ä"ÄÄÄÄ	GPU_1_bfc F0Äò∆ˇÄ‡Brtower_1/conv3/MaxPool_63 = MaxPool(tower_1/bn1/ApplyMomentum_50, tower_1/loss/Conv2D_54, tower_1/conv4/BiasAdd_58)HÙàêΩêÊÎPŒ
tower_1/conv2/AddV2_67ñâêΩêÊÎ (2
	GPU_1_bfcÄÄ Ä(ÄŒî&:+)@"ÄÄ	GPU_1_bfc J0Ä ÚÖÅ‡BRtower_1/conv2/AddV2_67 = AddV2(tower_1/conv3/MaxPool_63, tower_1/conv4/BiasAdd_58)HèâêΩêÊÎPŒ
tower_1/bn3/MatMul_72èâêΩêÊÎ !("2
	GPU_1_bfcÄÄpÄÄp ÄÄp(ÄŒÑ':64@Ä"ÄÄpÄÄp	GPU_1_bfc P0Ä∫ÖâÅ‡BEtower_1/bn3/MatMul_72 = MatMul(IteratorGetNext_9, IteratorGetNext_69)HàâêΩêÊÎP∑
)tower_1/gradients/FusedBatchNormGradV3_76õâêΩêÊÎ (	2
	GPU_1_bfcÄÑÄÑ ÄÑ(Ä“Ö':+) "ÄÄ	GPU_1_bfc T0Ä“ãòÅ‡:1-@@"ÄÄÄÄ	GPU_1_bfc U(0Ä÷ãòÅ‡Brtower_1/gradients/FusedBatchNormGradV3_76 = FusedBatchNormGradV3(tower_1/loss/Conv2D_54, tower_1/conv3/MaxPool_63)HîâêΩêÊÎPÜ
tower_1/fc1/BiasAdd_81ÄâêΩêÊÎ )(*2
	GPU_1_bfcÄÄÄÄ ÄÄ(Ä“ì':868Ä"ÄÄÄÄ	GPU_1_bfc [(0ÄˆåôÖ‡Bztower_1/fc1/BiasAdd_81 = BiasAdd(tower_1/gradients/FusedBatchNormGradV3_76:1, tower_1/gradients/FusedBatchNormGradV3_76:1)H˘àêΩêÊÎPË
tower_1/conv4/Conv2D_85≤âêΩêÊÎ (2
	GPU_1_bfcÄÄ Ä(ÄÓì':-+ "ÄÄ	GPU_1_bfc _(0ÄíøúÖ‡Bitower_1/conv4/Conv2D_85 = Conv2D(tower_1/bn1/ApplyMomentum_50, tower_1/gradients/FusedBatchNormGradV3_76)H´âêΩêÊÎPç
tower_1/pool1/Conv2D_90≤âêΩêÊÎ (2
	GPU_1_bfcÄÄ¿ÄÄ¿ ÄÄ¿(ÄÓ”*:86 Ä@"ÄÄ¿ÄÄ¿	GPU_1_bfc d0Ä‹°ùÖ‡B}tower_1/pool1/Conv2D_90 = Conv2D(^tower_1/fc1/BiasAdd_81, tower_3/gradients/Conv2DBackpropInput_83, tower_1/conv1/MaxPool_32)H´âêΩêÊÎP»
!tower_1/conv4/FusedBatchNormV3_94ÆâêΩêÊÎ (2
	GPU_1_bfcÄÄÄÄ ÄÄ(ÄÓÒ*:.,	@Ä"ÄÄÄÄ	GPU_1_bfc h0Ä¨Ó†Ö‡::6@Ä"ÄÄÄÄ	GPU_1_bfc i(0Ä¨†Ö‡Btower_1/conv4/FusedBatchNormV3_94 = FusedBatchNormV3(tower_1/pool1/Conv2D_90, tower_1/conv3/MaxPool_63, tower_3/input/_Recv_89)HßâêΩêÊÎPå
$tower_1/conv5/Conv2DBackpropInput_98¥âêΩêÊÎ (2
	GPU_1_bfcÄ@Ä@ Ä@(ÄÆÚ*:,*	Ä"Ä@Ä@	GPU_1_bfc n0Ä¶üŸÖ‡BÄtower_1/conv5/Conv2DBackpropInput_98 = Conv2DBackpropInput(tower_1/conv4/FusedBatchNormV3_94, tower_1/conv4/FusedBatchNormV3_94)H≠âêΩêÊÎP÷
tower_1/fc2/Reshape_103ŒâêΩêÊÎ 
(2
	GPU_1_bfcÄÄ®ÄÄ® ÄÄ®(ÄÆö,:86 Ä"ÄÄ®ÄÄ®	GPU_1_bfc r0ÄÜ®‹Ö‡BFtower_1/fc2/Reshape_103 = Reshape(tower_1/conv4/FusedBatchNormV3_94:1)H«âêΩêÊÎP‰
tower_1/gradients/Conv2D_107¿âêΩêÊÎ (2
	GPU_1_bfcÄ@Ä@ Ä@(ÄÓö,:,*	Ä"Ä@Ä@	GPU_1_bfc v0ÄñõﬂÖ‡Batower_1/gradients/Conv2D_107 = Conv2D(tower_1/conv4/FusedBatchNormV3_94, tower_1/fc2/Reshape_103)HπâêΩêÊÎPÊ
tower_1/pool1/AddV2_112€âêΩêÊÎ (2
	GPU_1_bfcÄÄ ÄÄ  ÄÄ (ÄÓ∫,:53ÄÄ"ÄÄ ÄÄ 	GPU_1_bfc {(0ÄÓõ„Ö‡B\tower_1/pool1/AddV2_112 = AddV2(tower_1/conv4/FusedBatchNormV3_94:1, IteratorGetNext_69/_68)H‘âêΩêÊÎPú
tower_1/pool1/ApplyMomentum_116⁄âêΩêÊÎ (2
	GPU_1_bfcÄ¿Ä¿ Ä¿(ÄÆº,:75@@"Ä¿Ä¿	GPU_1_bfc (0Ä†º„Ö‡Bátower_1/pool1/ApplyMomentum_116 = ApplyMomentum(tower_1/pool1/AddV2_112, tower_1/pool1/AddV2_112, tower_1/conv5/Conv2DBackpropInput_98)H”âêΩêÊÎP√
tower_1/bn1/BiasAdd_121ÊâêΩêÊÎ 	(
2
	GPU_1_bfcÄÄ ÄÄ  ÄÄ (ÄÆ‹,:42ÄÄ"ÄÄ ÄÄ 	GPU_1_bfc Ñ0Ä‡±ÍÖ‡B:tower_1/bn1/BiasAdd_121 = BiasAdd(tower_1/conv4/Conv2D_85)HﬂâêΩêÊÎP‰
tower_1/pool2/Conv2D_125·âêΩêÊÎ (2
	GPU_1_bfcÄÄÄÄ ÄÄ(ÄÆ‡,:/-	@Ä"ÄÄÄÄ	GPU_1_bfc à0Ä¿âÖ‡B_tower_1/pool2/Conv2D_125 = Conv2D(tower_1/pool1/AddV2_112, tower_1/conv4/FusedBatchNormV3_94:1)H⁄âêΩêÊÎPﬁ
tower_1/bn3/AddV2_130ÓâêΩêÊÎ (	2
	GPU_1_bfcÄò	Äò	 Äò	(Ä∆È,:648"Äò	Äò		GPU_1_bfc é0ÄÜ±¸Ö‡BUtower_1/bn3/AddV2_130 = AddV2(tower_1/pool2/Conv2D_125/_125, tower_1/pool1/AddV2_112)HÁâêΩêÊÎP±
%tower_1/loss/FusedBatchNormGradV3_134¡âêΩêÊÎ 3(42
	GPU_1_bfcÄÃÑÄÃÑ ÄÃÑ(ÄíÓ.:97@Ä@" ÄÄÄÄÄÄ	GPU_1_bfc í0ÄÆ–¥Ü‡::68" ÄÃÄÃ	GPU_1_bfc ì(0ÄÆ–∂Ü‡BVtower_1/loss/FusedBatchNormGradV3_134 = FusedBatchNormGradV3(tower_1/pool2/Conv2D_125)H∫âêΩêÊÎPë
%tower_1/conv3/Conv2DBackpropInput_138ÇäêΩêÊÎ (2
	GPU_1_bfcÄƒÄƒ Äƒ(Ä÷Ô.:20"ÄƒÄƒ	GPU_1_bfc ò0ÄÇ›ΩÜ‡B|tower_1/conv3/Conv2DBackpropInput_138 = Conv2DBackpropInput(tower_1/pool2/Conv2D_125, tower_1/loss/FusedBatchNormGradV3_134)H˚âêΩêÊÎP˝
&tower_1/pool1/Conv2DBackpropFilter_143ÕâêΩêÊÎ <(=2
	GPU_1_bfcÄÄÄÄ ÄÄ(Ä÷ˆ.:53Ä" ÄÄÄÄ	GPU_1_bfc ù(0Ä®¶øÜ‡Bdtower_1/pool1/Conv2DBackpropFilter_143 = Conv2DBackpropFilter(tower_1/conv3/Conv2DBackpropInput_138)H∆âêΩêÊÎPÒ
tower_1/bn2/Mul_147çäêΩêÊÎ (2
	GPU_1_bfcÄÄbÄÄb ÄÄb(Ä÷ÿ/:75Ä"ÄÄbÄÄb	GPU_1_bfc ¢0Ä™‚øÜ‡Bitower_1/bn2/Mul_147 = Mul(tower_1/loss/FusedBatchNormGradV3_134:1, tower_1/conv3/Conv2DBackpropInput_138)HÜäêΩêÊÎPæ
tower_1/conv4/ReluGrad_152‰âêΩêÊÎ A(B2
	GPU_1_bfcÄÄ Ä(Äÿÿ/:-+"`Ä	GPU_1_bfc ß(0Ä∫›¿Ü‡B<tower_1/conv4/ReluGrad_152 = ReluGrad(tower_1/bn3/AddV2_130)H›âêΩêÊÎPÕ
$tower_1/fc1/FusedBatchNormGradV3_156¢äêΩêÊÎ R(S2
	GPU_1_bfcÄ†¿Ä†¿ Ä†¿(Ä¯ò3:;9Ä@""ÄÄ¿ÄÄ¿	GPU_1_bfc ´(0Äî˙∆Ü‡:.*@"Ä Ä 	GPU_1_bfc ¨0Äî∫ Ü‡B}tower_1/fc1/FusedBatchNormGradV3_156 = FusedBatchNormGradV3(tower_1/pool1/Conv2DBackpropFilter_143, ^tower_3/input/_Recv_119)HõäêΩêÊÎPœ
tower_1/bn2/MatMul_161øäêΩêÊÎ (2
	GPU_1_bfcÄ¸Ä¸ Ä¸(ÄÙö3:64 8"Ä¸Ä¸	GPU_1_bfc ≤0ÄîÛ Ü‡BEtower_1/bn2/MatMul_161 = MatMul(tower_1/fc1/FusedBatchNormGradV3_156)H∏äêΩêÊÎPÃ
tower_1/fc1/Sum_165ÿäêΩêÊÎ (	2
	GPU_1_bfcÄÄÄÄ ÄÄ(ÄÙ∂3:31Ä"ÄÄÄÄ	GPU_1_bfc ∂0Äñˆ—Ü‡BHtower_1/fc1/Sum_165 = Sum(IteratorGetNext_159:1, tower_1/bn2/MatMul_161)H—äêΩêÊÎPÊ
tower_1/bn1/Identity_170ÿäêΩêÊÎ #($2
	GPU_1_bfcÄ Ä  Ä (Äî∑3:0.@"Ä Ä 	GPU_1_bfc ∫0Äà–”Ü‡Bctower_1/bn1/Identity_170 = Identity(tower_1/fc1/FusedBatchNormGradV3_156:1, tower_1/bn2/MatMul_161)H—äêΩêÊÎPÿ
tower_1/bn3/ReluGrad_174ÏäêΩêÊÎ (2
	GPU_1_bfcÄ8Ä8 Ä8(ÄÃ∑3:64 8"Ä8Ä8	GPU_1_bfc ø(0Ä¯€‘Ü‡BOtower_1/bn3/ReluGrad_174 = ReluGrad(IteratorGetNext_159:1, tower_1/fc1/Sum_165)HÂäêΩêÊÎPÔ
tower_1/conv2/ApplyMomentum_178ıäêΩêÊÎ (2
	GPU_1_bfcÄÿÄÿ Äÿ(Ä§∫3:64"Ä◊Äÿ	GPU_1_bfc ƒ0Ä÷É’Ü‡B\tower_1/conv2/ApplyMomentum_178 = ApplyMomentum(tower_1/fc1/Sum_165, tower_1/bn2/MatMul_161)HÓäêΩêÊÎPÎ
tower_1/conv3/AddV2_183œäêΩêÊÎ 8(92#
	GPU_1_bfcÄÄÄÄÄÄÄÄ ÄÄÄÄ(Ä§∫≥:?=@ÄÄÄ"$ÄÄÄÄÄÄÄÄ	GPU_1_bfc …(0Ä⁄Ê’Ü‡BPtower_1/conv3/AddV2_183 = AddV2(tower_1/bn1/Identity_170, IteratorGetNext_159:1)H»äêΩêÊÎP·
tower_1/gradients/MaxPool_187ÇãêΩêÊÎ +(,2
	GPU_1_bfcÄÄ Ä(Ä™∫≥:.,@"ÄÄ	GPU_1_bfc Õ(0ÄñÍ’é‡BZtower_1/gradients/MaxPool_187 = MaxPool(tower_1/conv3/AddV2_183, tower_1/bn3/ReluGrad_174)H˚äêΩêÊÎPÎ
tower_1/conv5/Reshape_192üãêΩêÊÎ (2
	GPU_1_bfcÄêÄê Äê(Ä∫¿≥:208"ÄêÄê	GPU_1_bfc “0ÄÆ™∆è‡Batower_1/conv5/Reshape_192 = Reshape(tower_1/gradients/MaxPool_187, tower_1/gradients/MaxPool_187)HòãêΩêÊÎPÌ
tower_1/conv2/BiasAdd_196äêΩêÊÎ 9(:2 
	GPU_1_bfcÄ¿´Ä¿´ Ä¿´(Ä˙Î¥:86@8" Ä¿´Ä¿´	GPU_1_bfc ÷0Ä∆Ö»è‡BZtower_1/conv2/BiasAdd_196 = BiasAdd(tower_2/fc2/ApplyMomentum_193, tower_0/input/Cast_179)HÈäêΩêÊÎP„
tower_1/gradients/AddV2_201¶ãêΩêÊÎ (2
	GPU_1_bfcÄƒÄƒ Äƒ(ÄæÌ¥:208"ÄƒÄƒ	GPU_1_bfc ﬁ0Ä∏Õè‡BWtower_1/gradients/AddV2_201 = AddV2(tower_1/conv5/Reshape_192, tower_1/conv3/AddV2_183)HüãêΩêÊÎPŸ
tower_1/conv4/Sum_205¥ãêΩêÊÎ (2
	GPU_1_bfcÄÄÄÄ ÄÄ(Äæ˚¥:20 @"ÄÄÄÄ	GPU_1_bfc ‚0Ä¿ÁÕè‡BStower_1/conv4/Sum_205 = Sum(tower_1/conv3/AddV2_183/_119, tower_1/bn1/Identity_170)H≠ãêΩêÊÎPË
tower_1/bn2/MaxPool_210∫ãêΩêÊÎ (2
	GPU_1_bfcÄÄÄÄ ÄÄ(Äæãµ:97Ä@" ÄÄÄÄ	GPU_1_bfc Á(0Äòªœè‡BYtower_1/bn2/MaxPool_210 = MaxPool(tower_1/conv2/BiasAdd_196, tower_1/gradients/AddV2_201)H≥ãêΩêÊÎPX
tower_1/input/Cast_19/_23◊àêΩêÊÎ (B#tower_1/input/Cast_19/_23 = _Recv()H–àêΩêÊÎ~
,tower_3/gradients/Conv2DBackpropInput_83/_29∞âêΩêÊÎ (B6tower_3/gradients/Conv2DBackpropInput_83/_29 = _Recv()H©âêΩêÊÎ
í]
,/job:localhost/replica:0/task:0/device:GPU:2ü
tower_2/loss/Reshape_2ƒèêΩêÊÎ (2
	GPU_2_bfcÄpÄp Äp(Ä@:-+@8"ÄpÄp	GPU_2_bfc (0ÄàúÄÄ‡B"tower_2/loss/Reshape_2 = Reshape()HΩèêΩêÊÎPÃ
tower_2/fc1/ReluGrad_6‘èêΩêÊÎ (2
	GPU_2_bfcÄÄ Ä(ÄÚ@:+) "ÄÄ	GPU_2_bfc 0ÄÜÎÇÄ‡BQtower_2/fc1/ReluGrad_6 = ReluGrad(tower_2/loss/Reshape_2, tower_2/loss/Reshape_2)HÕèêΩêÊÎP‚
tower_2/gradients/Reshape_11”èêΩêÊÎ (2
	GPU_2_bfcÄÄÄÄ ÄÄ(ÄÚA:.,	 Ä"ÄÄÄÄ	GPU_2_bfc 0ÄÄóÉÄ‡B[tower_2/gradients/Reshape_11 = Reshape(tower_3/fc2/ApplyMomentum_3, tower_2/loss/Reshape_2)HÃèêΩêÊÎP›
tower_2/fc1/MaxPool_15€èêΩêÊÎ (2
	GPU_2_bfcÄÄÄÄ ÄÄ(ÄÚC:.,	@Ä"ÄÄÄÄ	GPU_2_bfc 0Äû¶ÉÄ‡B\tower_2/fc1/MaxPool_15 = MaxPool(tower_2/gradients/Reshape_11, tower_2/gradients/Reshape_11)H‘èêΩêÊÎPˆ
tower_2/bn2/Mul_20ﬁèêΩêÊÎ (2
	GPU_2_bfcÄÄ◊ÄÄ◊ ÄÄ◊(ÄÚö:75888"ÄÄ◊ÄÄ◊	GPU_2_bfc 0Ä¢´ÉÄ‡Bltower_2/bn2/Mul_20 = Mul(tower_2/gradients/Reshape_11, tower_2/gradients/Reshape_11, tower_2/fc1/MaxPool_15)H◊èêΩêÊÎPË
#tower_2/fc2/Conv2DBackpropFilter_24œèêΩêÊÎ (2
	GPU_2_bfcÄÄÄÄÄÄ ÄÄÄ(ÄÚö:64@@Ä"!ÄÄÄÄÄÄ	GPU_2_bfc (0ÄÜ†åÄ‡BNtower_2/fc2/Conv2DBackpropFilter_24 = Conv2DBackpropFilter(tower_2/bn2/Mul_20)H»èêΩêÊÎPÛ
tower_2/loss/ApplyMomentum_28£èêΩêÊÎ M(N2
	GPU_2_bfcÄÄ Ä(ÄÙö:1/"‡Ä	GPU_2_bfc !(0Ä∆†™Ä‡Bjtower_2/loss/ApplyMomentum_28 = ApplyMomentum(tower_2/loss/Reshape_2, tower_2/fc2/Conv2DBackpropFilter_24)HúèêΩêÊÎPì
)tower_2/gradients/Conv2DBackpropFilter_33ÅêêΩêÊÎ (2
	GPU_2_bfcÄ‡Ä‡ Ä‡(Ä‘ú:86Ä"Ä‡Ä‡	GPU_2_bfc %(0Ä÷∞™Ä‡Bttower_2/gradients/Conv2DBackpropFilter_33 = Conv2DBackpropFilter(IteratorGetNext_9:1, ^tower_2/gradients/Reshape_11)H˙èêΩêÊÎP¸
tower_2/pool2/ApplyMomentum_37‰èêΩêÊÎ  (!2
	GPU_2_bfcÄÄ Ä(Ä‹ú:+)"ÄÄ	GPU_2_bfc *0Äˆ†≥Ä‡Bxtower_2/pool2/ApplyMomentum_37 = ApplyMomentum(tower_2/loss/ApplyMomentum_28, tower_2/gradients/Conv2DBackpropFilter_33)H›èêΩêÊÎPÏ
tower_2/pool1/Conv2D_42˝èêΩêÊÎ Ñ(Ö2
	GPU_2_bfcÄÄbÄÄb ÄÄb(Ä‹˛:53@8"ÄÄbÄÄb	GPU_2_bfc 00Ä–ø∂Ä‡B`tower_2/pool1/Conv2D_42 = Conv2D(tower_2/pool2/ApplyMomentum_37, tower_2/pool2/ApplyMomentum_37)HˆèêΩêÊÎP≥
$tower_2/conv1/Conv2DBackpropInput_46ºêêΩêÊÎ (2
	GPU_2_bfcÄÄƒÄÄƒ ÄÄƒ(Ä‹¬:75 @8"ÄÄƒÄÄƒ	GPU_2_bfc 40Äà∑∑Ä‡Bñtower_2/conv1/Conv2DBackpropInput_46 = Conv2DBackpropInput(tower_2/pool1/Conv2D_42, tower_2/gradients/Reshape_11, tower_3/bn1/FusedBatchNormGradV3_38)HµêêΩêÊÎP‹
tower_2/conv3/Conv2D_51≠êêΩêÊÎ &('2
	GPU_2_bfcÄÄ Ä(Äﬁ¬:-+"¿Ä	GPU_2_bfc 9(0Ä÷“∫Ä‡B]tower_2/conv3/Conv2D_51 = Conv2D(tower_2/conv1/Conv2DBackpropInput_46, tower_1/input/Cast_19)H¶êêΩêÊÎP 
tower_2/gradients/AddV2_55“êêΩêÊÎ (2
	GPU_2_bfcÄÃÄÃ ÄÃ(Ä™«:75"ÄÃÄÃ	GPU_2_bfc =(0ÄÊö¡Ä‡B;tower_2/gradients/AddV2_55 = AddV2(tower_2/conv3/Conv2D_51)HÀêêΩêÊÎPÏ
tower_2/conv1/Reshape_60∏êêΩêÊÎ :(;2
	GPU_2_bfcÄò	Äò	 Äò	(Ä¬–:53@"Äò	Äò		GPU_2_bfc B0Ä†¨¡Ä‡Batower_2/conv1/Reshape_60 = Reshape(tower_2/conv3/Conv2D_51, tower_2/conv1/Conv2DBackpropInput_46)H±êêΩêÊÎPÌ
tower_2/conv3/AddV2_64ÇêêΩêÊÎ ∞(±2
	GPU_2_bfcÄÄ Ä(Äƒ–:,*"`Ä	GPU_2_bfc G(0Äò‚ˇÄ‡Bntower_2/conv3/AddV2_64 = AddV2(tower_2/conv1/Reshape_60, tower_2/gradients/AddV2_55, tower_2/conv1/Reshape_60)H˚èêΩêÊÎP˚
tower_2/bn1/Relu_68üëêΩêÊÎ 
(2
	GPU_2_bfcÄêÄê Äê(Ä‘÷:318"ÄêÄê	GPU_2_bfc K(0ÄÊÚÖÅ‡Bwtower_2/bn1/Relu_68 = Relu(tower_3/input/Shape_39, tower_2/conv1/Reshape_60, tower_2/gradients/Conv2DBackpropFilter_33)HòëêΩêÊÎP–
tower_2/pool1/MaxPool_73†ëêΩêÊÎ (2
	GPU_2_bfcÄÄÄÄÄÄ ÄÄÄ(Ä‘÷:;9ÄÄ"!ÄÄÄÄÄÄ	GPU_2_bfc Q(0Ä∫ıâÅ‡B<tower_2/pool1/MaxPool_73 = MaxPool(tower_2/conv1/Reshape_60)HôëêΩêÊÎP≠
!tower_2/conv4/FusedBatchNormV3_77¨ëêΩêÊÎ (2
	GPU_2_bfcÄÄ~ÄÄ~ ÄÄ~(Ä‘‘:20@Ä"ÄÄÄÄ	GPU_2_bfc V0Ä÷åòÅ‡:95@@"ÄÄpÄÄp	GPU_2_bfc W(0Ä÷öòÅ‡Batower_2/conv4/FusedBatchNormV3_77 = FusedBatchNormV3(tower_2/conv3/AddV2_64, tower_2/bn1/Relu_68)H•ëêΩêÊÎPÇ
tower_2/pool2/MaxPool_82´ëêΩêÊÎ (	2
	GPU_2_bfcÄÄÄÄ ÄÄ(Ä‘:64 Ä"ÄÄÄÄ	GPU_2_bfc \0ÄˆöôÖ‡Bvtower_2/pool2/MaxPool_82 = MaxPool(tower_2/conv3/Conv2D_51, tower_2/conv4/FusedBatchNormV3_77, tower_1/input/_Recv_79)H§ëêΩêÊÎPﬁ
tower_2/fc1/AddV2_86⁄êêΩêÊÎ c(d2
	GPU_2_bfcÄÄ1ÄÄ1 ÄÄ1(Ä‘°:53@"ÄÄ1ÄÄ1	GPU_2_bfc `0ÄÆøúÖ‡BWtower_2/fc1/AddV2_86 = AddV2(tower_2/conv3/AddV2_64, tower_2/conv4/FusedBatchNormV3_77)H”êêΩêÊÎPŸ
tower_2/conv1/AddV2_91’ëêΩêÊÎ (2
	GPU_2_bfcÄ†Ä† Ä†(ÄÙ≠:75@8"Ä†Ä†	GPU_2_bfc e(0Ä‹·†Ö‡BNtower_2/conv1/AddV2_91 = AddV2(tower_2/pool1/MaxPool_73, tower_2/fc1/AddV2_86)HŒëêΩêÊÎP∂
 tower_2/loss/FusedBatchNormV3_95æëêΩêÊÎ (2
	GPU_2_bfcÄ™Ä8Ä™Ä8 Ä™Ä8(ÄûÆO:978ÄÄ"ÄÄÄ8ÄÄÄ8	GPU_2_bfc j0Ä¨å°Ö‡:738"Ä*Ä*	GPU_2_bfc k(0Ä¨åŸÖ‡Bctower_2/loss/FusedBatchNormV3_95 = FusedBatchNormV3(tower_2/conv1/AddV2_91, tower_2/conv1/AddV2_91)H∑ëêΩêÊÎPÅ
tower_2/loss/Reshape_100òëêΩêÊÎ W(X2
	GPU_2_bfcÄÄàÄÄà ÄÄà(Äû∂R::8Ä8"!ÄÄàÄÄà	GPU_2_bfc o(0ÄÊüŸÖ‡Bntower_2/loss/Reshape_100 = Reshape(tower_2/loss/FusedBatchNormV3_95:1, tower_2/loss/FusedBatchNormV3_95:1/_79)HëëêΩêÊÎPî
)tower_2/gradients/Conv2DBackpropInput_104ÑíêΩêÊÎ 	(
2
	GPU_2_bfcÄÄƒÄÄƒ ÄÄƒ(Äû˙S:97 @"!ÄÄƒÄÄƒ	GPU_2_bfc s(0ÄÜ–›Ö‡Bqtower_2/gradients/Conv2DBackpropInput_104 = Conv2DBackpropInput(tower_3/input/_Recv_89, tower_2/loss/Reshape_100)H˝ëêΩêÊÎPÉ
tower_2/pool1/Identity_108âíêΩêÊÎ 
(2
	GPU_2_bfcÄÄ Ä(Ä§˙S:-+@"ÄÄ	GPU_2_bfc w(0Ä÷õﬂÖ‡BÄtower_2/pool1/Identity_108 = Identity(tower_2/conv1/AddV2_91, tower_2/gradients/Conv2DBackpropInput_104, tower_3/input/Shape_39)HÇíêΩêÊÎPˇ
tower_2/fc2/MaxPool_113˛ëêΩêÊÎ (2
	GPU_2_bfcÄ Ä  Ä (Äƒ˙S:31 "¿Ä 	GPU_2_bfc |0ÄÓª„Ö‡Bztower_2/fc2/MaxPool_113 = MaxPool(^tower_2/loss/FusedBatchNormV3_95, tower_2/pool1/Identity_108, tower_2/loss/Reshape_100)H˜ëêΩêÊÎP∆
tower_2/conv3/Conv2D_117éíêΩêÊÎ (2
	GPU_2_bfcÄÄbÄÄb ÄÄb(Äƒ‹T:648@"ÄÄbÄÄb	GPU_2_bfc Ä0Ä‡Ω„Ö‡B:tower_2/conv3/Conv2D_117 = Conv2D(tower_2/fc2/MaxPool_113)HáíêΩêÊÎPŒ
tower_2/pool2/Conv2D_122óíêΩêÊÎ (2
	GPU_2_bfcÄ¿´Ä¿´ Ä¿´(ÄÑàV::8 8""Ä¿´Ä¿´	GPU_2_bfc Ö(0Ä‡—ÍÖ‡B;tower_2/pool2/Conv2D_122 = Conv2D(tower_2/conv3/Conv2D_117)HêíêΩêÊÎP
tower_2/bn3/MaxPool_126ëíêΩêÊÎ T(U2
	GPU_2_bfcÄÄ Ä(ÄÜàV:.,"¿Ä	GPU_2_bfc â(0Ä¿çÖ‡Bptower_2/bn3/MaxPool_126 = MaxPool(tower_2/pool2/Conv2D_122, ^tower_2/conv3/Conv2D_117, tower_2/pool2/Conv2D_122)HäíêΩêÊÎPˇ
tower_2/conv1/ReluGrad_131ªíêΩêÊÎ 	(
2
	GPU_2_bfcÄêÄê Äê(ÄñéV:868" ÄêÄê	GPU_2_bfc è(0Äû∫¸Ö‡Botower_2/conv1/ReluGrad_131 = ReluGrad(tower_2/conv3/Conv2D_117, IteratorGetNext_69:1, tower_2/conv3/Conv2D_117)H¥íêΩêÊÎPË
tower_2/pool1/ApplyMomentum_135¬íêΩêÊÎ (2
	GPU_2_bfcÄÄ Ä(ÄòéV:,*@"ÄÄ	GPU_2_bfc î0Ä˙‘∂Ü‡Bbtower_2/pool1/ApplyMomentum_135 = ApplyMomentum(tower_2/conv3/Conv2D_117, tower_2/bn3/MaxPool_126)HªíêΩêÊÎPÔ
tower_2/conv2/Identity_140ΩíêΩêÊÎ (2
	GPU_2_bfcÄÄÄÄ ÄÄ(ÄòïV:75Ä"ÄÄÄÄ	GPU_2_bfc ö0Ä∆ﬁæÜ‡B`tower_2/conv2/Identity_140 = Identity(tower_2/loss/FusedBatchNormV3_95, tower_3/input/_Recv_119)H∂íêΩêÊÎPÉ
tower_2/conv2/ApplyMomentum_144¿íêΩêÊÎ &('2
	GPU_2_bfcÄÄÄÄ ÄÄ(ÄòôV:31@Ä"ÄÄÄÄ	GPU_2_bfc û0Ä®≠øÜ‡Bstower_2/conv2/ApplyMomentum_144 = ApplyMomentum(tower_1/pool1/Conv2DBackpropFilter_143, tower_2/conv2/Identity_140)HπíêΩêÊÎP®
%tower_2/pool1/Conv2DBackpropInput_148◊íêΩêÊÎ (2
	GPU_2_bfcÄ@Ä@ Ä@(ÄÿôV:., @"Ä@Ä@	GPU_2_bfc £(0Ä™ƒ¿Ü‡Bôtower_2/pool1/Conv2DBackpropInput_148 = Conv2DBackpropInput(tower_2/conv2/ApplyMomentum_144, tower_2/conv2/ApplyMomentum_144, tower_2/conv2/Identity_140)H–íêΩêÊÎPÓ
tower_2/gradients/AddV2_153’íêΩêÊÎ (2
	GPU_2_bfcÄ†Ä† Ä†(Ä¯•V:20@8"Ä†Ä†	GPU_2_bfc ®0Äº›¿Ü‡Bctower_2/gradients/AddV2_153 = AddV2(tower_2/bn3/MaxPool_126, tower_2/pool1/Conv2DBackpropInput_148)HŒíêΩêÊÎPΩ
tower_2/loss/Mul_157„íêΩêÊÎ (2
	GPU_2_bfcÄÄ8ÄÄ8 ÄÄ8(Ä¯›V:86@@" ÄÄ8ÄÄ8	GPU_2_bfc ≠(0Ä¥∫ Ü‡B3tower_2/loss/Mul_157 = Mul(tower_2/bn3/MaxPool_126)H‹íêΩêÊÎP„
tower_2/bn2/Sum_162⁄íêΩêÊÎ (2
	GPU_2_bfcÄÄÄÄ ÄÄ(Ä¯ﬁV:0.@@" ÄÄÄÄ	GPU_2_bfc ≥(0Äêı Ü‡Bbtower_2/bn2/Sum_162 = Sum(tower_2/gradients/AddV2_153, tower_2/loss/Mul_157, tower_2/loss/Mul_157)H”íêΩêÊÎPº
tower_2/bn3/Mul_166‚íêΩêÊÎ (2
	GPU_2_bfcÄÄÄÄ ÄÄ(Ä¯V:97 Ä" ÄÄÄÄ	GPU_2_bfc ∑(0Äñí“Ü‡B2tower_2/bn3/Mul_166 = Mul(tower_3/input/_Recv_119)H€íêΩêÊÎPÎ
tower_2/conv3/Sum_171ÛíêΩêÊÎ (	2
	GPU_2_bfcÄÄÄÄÄÄ ÄÄÄ(Ä¯W:86ÄÄ""ÄÄÄÄÄÄ	GPU_2_bfc ª(0Ä®–”Ü‡B]tower_2/conv3/Sum_171 = Sum(tower_2/loss/Mul_157, tower_2/bn2/Sum_162, IteratorGetNext_159:1)HÏíêΩêÊÎPÎ
tower_2/bn1/Mul_175ËíêΩêÊÎ "(#2
	GPU_2_bfcÄÄ Ä(ÄÜÒW:0.@"ÄÄ	GPU_2_bfc ¿0Ä∞‹‘Ü‡Bmtower_2/bn1/Mul_175 = Mul(tower_2/conv1/ReluGrad_131, tower_2/gradients/AddV2_153, tower_2/loss/Mul_157/_182)H·íêΩêÊÎPÈ
%tower_2/conv1/Conv2DBackpropInput_180áìêΩêÊÎ (2
	GPU_2_bfcÄÄTÄÄT ÄÄT(ÄÜ≈X:64 8@"ÄÄTÄÄT	GPU_2_bfc ∆0Äûá’Ü‡BPtower_2/conv1/Conv2DBackpropInput_180 = Conv2DBackpropInput(tower_2/bn1/Mul_175)HÄìêΩêÊÎP
tower_2/gradients/MaxPool_184ÖìêΩêÊÎ 	(
2
	GPU_2_bfcÄ2Ä2 Ä2(Ä∏≈X:0."Ä1Ä2	GPU_2_bfc  0Ä⁄Ê’é‡Bhtower_2/gradients/MaxPool_184 = MaxPool(tower_2/conv3/Sum_171, tower_2/bn1/Mul_175, tower_2/bn3/Mul_166)H˛íêΩêÊÎPﬁ
tower_2/conv4/Reshape_188éìêΩêÊÎ (2
	GPU_2_bfcÄÄ Ä(Ä∫≈X:+)"`Ä	GPU_2_bfc Œ0ÄúÍ’é‡B_tower_2/conv4/Reshape_188 = Reshape(tower_2/bn1/Mul_175, tower_2/conv1/Conv2DBackpropInput_180)HáìêΩêÊÎPˆ
tower_2/fc2/ApplyMomentum_193éìêΩêÊÎ 
(2
	GPU_2_bfcÄàÄà Äà(Ä¬»X:868" ÄàÄà	GPU_2_bfc ”(0Äæ∞∆è‡Bctower_2/fc2/ApplyMomentum_193 = ApplyMomentum(tower_2/conv4/Reshape_188, tower_2/conv4/Reshape_188)HáìêΩêÊÎPú
%tower_2/loss/FusedBatchNormGradV3_197êìêΩêÊÎ (2
	GPU_2_bfcÄ¢Ä¢ Ä¢(Ä‰…X:.,8"ÄÄ	GPU_2_bfc ◊(0ÄÜ±…è‡:84@"ÄìÄî	GPU_2_bfc ÿ0Äî±…è‡BQtower_2/loss/FusedBatchNormGradV3_197 = FusedBatchNormGradV3(tower_2/bn1/Mul_175)HâìêΩêÊÎPÌ
tower_2/gradients/Mul_202áìêΩêÊÎ (2
	GPU_2_bfcÄÄ Ä(ÄÄ X:20@"ÄÄ	GPU_2_bfc ﬂ(0Ä¥∫Õè‡Bgtower_2/gradients/Mul_202 = Mul(tower_2/loss/FusedBatchNormGradV3_197:1, tower_2/fc2/ApplyMomentum_193)HÄìêΩêÊÎPﬁ
tower_2/bn1/BiasAdd_206ïìêΩêÊÎ (2
	GPU_2_bfcÄÄ¿ÄÄ¿ ÄÄ¿(ÄÄäZ:<:ÄÄ""ÄÄ¿ÄÄ¿	GPU_2_bfc „(0Ä¿ıÕè‡BJtower_2/bn1/BiasAdd_206 = BiasAdd(tower_2/loss/FusedBatchNormGradV3_197:1)HéìêΩêÊÎP€
tower_2/fc2/Relu_211¸íêΩêÊÎ 7(82
	GPU_2_bfcÄÿÄÿ Äÿ(ÄÿåZ:64"Ä◊Äÿ	GPU_2_bfc Ë0ÄòÀœè‡BStower_2/fc2/Relu_211 = Relu(tower_2/fc2/ApplyMomentum_193, tower_2/bn1/BiasAdd_206)HıíêΩêÊÎPN
IteratorGetNext_9/_9ˇèêΩêÊÎ (BIteratorGetNext_9/_9 = _Recv()H¯èêΩêÊÎt
'tower_3/bn1/FusedBatchNormGradV3_38/_13∫êêΩêÊÎ (B1tower_3/bn1/FusedBatchNormGradV3_38/_13 = _Recv()H≥êêΩêÊÎR
IteratorGetNext_69/_39πíêΩêÊÎ (B IteratorGetNext_69/_39 = _Recv()H≤íêΩêÊÎ
Æ[
,/job:localhost/replica:0/task:0/device:GPU:3≠
tower_3/fc2/ApplyMomentum_3≤óêΩêÊÎ 	(
2
	GPU_3_bfcÄÄ Ä(Äé@:+)"ÄÄ	GPU_3_bfc 0Ä¯úÄÄ‡B-tower_3/fc2/ApplyMomentum_3 = ApplyMomentum()H´óêΩêÊÎPÒ
tower_3/conv1/Relu_7∏óêΩêÊÎ (2
	GPU_3_bfcÄÄ Ä(Äê@:-+"¿Ä	GPU_3_bfc 	(0ÄàÎÇÄ‡Bvtower_3/conv1/Relu_7 = Relu(tower_3/fc2/ApplyMomentum_3, tower_3/fc2/ApplyMomentum_3, tower_3/fc2/ApplyMomentum_3/_18)H±óêΩêÊÎP◊
tower_3/bn3/Conv2D_12ƒóêΩêÊÎ (2
	GPU_3_bfcÄÄ Ä(Äí@:0."`Ä	GPU_3_bfc (0ÄÄòÉÄ‡BXtower_3/bn3/Conv2D_12 = Conv2D(tower_3/fc2/ApplyMomentum_3, tower_3/fc2/ApplyMomentum_3)HΩóêΩêÊÎPØ
%tower_3/pool2/FusedBatchNormGradV3_16©óêΩêÊÎ "(#2
	GPU_3_bfcÄöÄö Äö(Ä¨A:1/"¿Ä	GPU_3_bfc (0Äû®ÉÄ‡:0,	@Ä"ÄÄÄÄ	GPU_3_bfc 0Ä∏®ÉÄ‡Bjtower_3/pool2/FusedBatchNormGradV3_16 = FusedBatchNormGradV3(tower_3/bn3/Conv2D_12, tower_3/bn3/Conv2D_12)H¢óêΩêÊÎPÖ
tower_3/conv2/ReluGrad_21ÿóêΩêÊÎ (2
	GPU_3_bfcÄÄ Ä(Ä»A:1/@"ÄÄ	GPU_3_bfc (0Ä¢ÇÜÄ‡BÄtower_3/conv2/ReluGrad_21 = ReluGrad(tower_3/bn3/Conv2D_12/_195, tower_3/bn3/Conv2D_12, tower_3/pool2/FusedBatchNormGradV3_16:1)H—óêΩêÊÎP˜
tower_3/conv2/Conv2D_25…óêΩêÊÎ (2
	GPU_3_bfcÄ8Ä8 Ä8(ÄÄB:+) 8"Ä8Ä8	GPU_3_bfc 0ÄÜ†éÄ‡B{tower_3/conv2/Conv2D_25 = Conv2D(tower_3/fc2/ApplyMomentum_3, tower_3/pool2/FusedBatchNormGradV3_16, tower_1/input/Cast_19)H¬óêΩêÊÎP„
tower_3/bn2/BiasAdd_30›óêΩêÊÎ á(à2
	GPU_3_bfcÄÄ Ä(ÄéB:/-@"ÄÄ	GPU_3_bfc "0Ä»†™Ä‡Bbtower_3/bn2/BiasAdd_30 = BiasAdd(tower_3/pool2/FusedBatchNormGradV3_16:1, tower_3/conv2/Conv2D_25)H÷óêΩêÊÎP≠
#tower_3/bn1/FusedBatchNormGradV3_34åóêΩêÊÎ Ã(Õ2
	GPU_3_bfcÄÄéÄÄé ÄÄé(Äé–:86@Ä@"ÄÄÄÄÄÄ	GPU_3_bfc &0Ä∂≤™Ä‡::6Ä"ÄÄÄÄ	GPU_3_bfc '(0Ä∂≤±Ä‡BStower_3/bn1/FusedBatchNormGradV3_34 = FusedBatchNormGradV3(tower_3/conv2/Conv2D_25)HÖóêΩêÊÎPÎ
#tower_3/bn1/FusedBatchNormGradV3_38∏òêΩêÊÎ (2
	GPU_3_bfcÄéàÄéà Äéà(Äúÿ
:97 @8"!ÄÄàÄÄà	GPU_3_bfc +(0Ä˛†≥Ä‡:-)@"ÄÄ	GPU_3_bfc ,0Ä˛®∂Ä‡Bûtower_3/bn1/FusedBatchNormGradV3_38 = FusedBatchNormGradV3(tower_3/bn2/BiasAdd_30, tower_3/bn1/FusedBatchNormGradV3_34, tower_3/bn1/FusedBatchNormGradV3_34:1)H±òêΩêÊÎP‡
tower_3/conv2/Reshape_43†òêΩêÊÎ @(A2
	GPU_3_bfcÄÄ Ä(Ä∏ÿ
:-+@"ÄÄ	GPU_3_bfc 1(0Ä–°∑Ä‡B`tower_3/conv2/Reshape_43 = Reshape(tower_3/bn1/FusedBatchNormGradV3_34:1, tower_1/input/Cast_19)HôòêΩêÊÎP›
%tower_3/conv4/FusedBatchNormGradV3_47ÒòêΩêÊÎ (2
	GPU_3_bfcÄéƒÄéƒ Äéƒ(Ä∆ú:-+8"ÄÄ	GPU_3_bfc 5(0Äà˚∏Ä‡:95@8@"ÄÄƒÄÄƒ	GPU_3_bfc 60Äñ˚∏Ä‡Bétower_3/conv4/FusedBatchNormGradV3_47 = FusedBatchNormGradV3(tower_3/bn2/BiasAdd_30, tower_3/bn1/FusedBatchNormGradV3_34, IteratorGetNext_9:1)HÍòêΩêÊÎPÂ
tower_3/bn2/Relu_52ÊòêΩêÊÎ (2
	GPU_3_bfcÄÄ Ä(Ä‘ú:+)@"ÄÄ	GPU_3_bfc :0Äÿ“∫Ä‡Bltower_3/bn2/Relu_52 = Relu(tower_3/conv4/FusedBatchNormGradV3_47:1, tower_3/conv4/FusedBatchNormGradV3_47:1)HﬂòêΩêÊÎPÿ
tower_3/fc2/MaxPool_56ÍòêΩêÊÎ )(*2
	GPU_3_bfcÄ@Ä@ Ä@(Äîù:+) @"Ä@Ä@	GPU_3_bfc >0Ä≤ü¡Ä‡B\tower_3/fc2/MaxPool_56 = MaxPool(tower_3/bn2/Relu_52, tower_3/bn1/FusedBatchNormGradV3_38:1)H„òêΩêÊÎPÍ
tower_3/bn1/AddV2_61˝òêΩêÊÎ (2
	GPU_3_bfcÄÄêÄÄê ÄÄê(Äî≠::8 Ä"!ÄÄêÄÄê	GPU_3_bfc C(0Ä∏µ¡Ä‡B[tower_3/bn1/AddV2_61 = AddV2(tower_3/fc2/MaxPool_56, tower_3/conv4/FusedBatchNormGradV3_47)HˆòêΩêÊÎPœ
tower_3/conv4/MaxPool_65òôêΩêÊÎ (2
	GPU_3_bfcÄ0Ä0 Ä0(Äƒ≠:31@"Ä0Ä0	GPU_3_bfc H0Äö‚ˇÄ‡BItower_3/conv4/MaxPool_65 = MaxPool(tower_3/conv4/FusedBatchNormGradV3_47)HëôêΩêÊÎP’
tower_3/fc1/Relu_70êôêΩêÊÎ (2
	GPU_3_bfcÄÄ$ÄÄ$ ÄÄ$(Äƒ—:64@Ä"ÄÄ$ÄÄ$	GPU_3_bfc N0ÄˆﬂàÅ‡BNtower_3/fc1/Relu_70 = Relu(tower_3/conv4/MaxPool_65, tower_3/conv4/MaxPool_65)HâôêΩêÊÎPÌ
tower_3/conv3/Conv2D_74òôêΩêÊÎ W(X2
	GPU_3_bfcÄ∏Ä∏ Ä∏(Ä¸Ê:53@"Ä∏Ä∏	GPU_3_bfc R0Ä∫ıóÅ‡Bctower_3/conv3/Conv2D_74 = Conv2D(tower_3/conv4/MaxPool_65, tower_3/conv4/FusedBatchNormGradV3_47:1)HëôêΩêÊÎPÎ
tower_3/conv5/Conv2D_78≤ôêΩêÊÎ J(K2#
	GPU_3_bfcÄÄÄÄÄÄÄÄ ÄÄÄÄ(Ä¸Êí:<: ÄÄÄ"!ÄÄÄÄÄÄÄÄ	GPU_3_bfc X0Ä÷äôÅ‡BStower_3/conv5/Conv2D_78 = Conv2D(tower_3/conv3/Conv2D_74, tower_3/conv4/MaxPool_65)H´ôêΩêÊÎPç
(tower_3/gradients/Conv2DBackpropInput_83÷ôêΩêÊÎ (2
	GPU_3_bfcÄÄ Ä(ÄòÁí:1/ "ÄÄ	GPU_3_bfc ](0Äˆ∂ôÖ‡Bxtower_3/gradients/Conv2DBackpropInput_83 = Conv2DBackpropInput(tower_3/bn2/Relu_52, tower_3/bn1/FusedBatchNormGradV3_34)HœôêΩêÊÎP
tower_3/fc1/Reshape_87≈ôêΩêÊÎ (()2
	GPU_3_bfcÄÄ1ÄÄ1 ÄÄ1(Äòòì:86 Ä"ÄÄ1ÄÄ1	GPU_3_bfc a(0ÄÆúÖ‡Bctower_3/fc1/Reshape_87 = Reshape(tower_3/conv3/Conv2D_74, tower_3/gradients/Conv2DBackpropInput_83)HæôêΩêÊÎP·
tower_3/fc1/Relu_92◊ôêΩêÊÎ (2
	GPU_3_bfcÄ*Ä* Ä*(Ä¬òì:318"Ä*Ä*	GPU_3_bfc f0Ä¸Ì†Ö‡B_tower_3/fc1/Relu_92 = Relu(tower_1/input/_Recv_79, tower_3/fc1/Reshape_87, tower_3/fc1/Relu_70)H–ôêΩêÊÎPì
tower_3/pool2/ApplyMomentum_96ÚôêΩêÊÎ 
(2
	GPU_3_bfcÄ–Ä– Ä–(Äíõì:1/@8"Ä–Ä–	GPU_3_bfc l0Ä÷åŸÖ‡BÑtower_3/pool2/ApplyMomentum_96 = ApplyMomentum(tower_3/fc1/Reshape_87, tower_3/fc1/Relu_92, tower_3/conv4/FusedBatchNormGradV3_47:1)HÎôêΩêÊÎP›
tower_3/bn2/AddV2_101‚ôêΩêÊÎ 5(62
	GPU_3_bfcÄÄ Ä(Ä¨õì:/-"¿Ä	GPU_3_bfc p0ÄÊß‹Ö‡B]tower_3/bn2/AddV2_101 = AddV2(tower_3/pool2/ApplyMomentum_96, tower_3/pool2/ApplyMomentum_96)H€ôêΩêÊÎP¬
tower_3/conv2/AddV2_105äöêΩêÊÎ (2
	GPU_3_bfcÄÄÄÄ ÄÄ(Ä¨úì:64Ä"ÄÄÄÄ	GPU_3_bfc t0ÄÜîﬂÖ‡B6tower_3/conv2/AddV2_105 = AddV2(tower_3/bn2/AddV2_101)HÉöêΩêÊÎPñ
%tower_3/conv1/Conv2DBackpropInput_110éöêΩêÊÎ 	(
2 
	GPU_3_bfcÄÄÄÄÄÄ ÄÄÄ(Ä¨úó:;9@ÄÄ"!ÄÄÄÄÄÄ	GPU_3_bfc y(0ÄÏõﬂÖ‡Bttower_3/conv1/Conv2DBackpropInput_110 = Conv2DBackpropInput(tower_1/pool1/Conv2D_90, tower_3/pool2/ApplyMomentum_96)HáöêΩêÊÎP„
tower_3/conv4/Reshape_114îöêΩêÊÎ (2
	GPU_3_bfcÄÄ Ä(Äºúó:.,	Ä"ÄÄ	GPU_3_bfc }(0Äéº„Ö‡B`tower_3/conv4/Reshape_114 = Reshape(tower_3/conv1/Conv2DBackpropInput_110, tower_3/bn1/AddV2_61)HçöêΩêÊÎP”
tower_3/conv3/AddV2_118›ôêΩêÊÎ z({2
	GPU_3_bfcÄ Ä  Ä (Ä‹úó:/-	Ä"Ä Ä 	GPU_3_bfc Å(0Ä‡ü‰Ö‡BQtower_3/conv3/AddV2_118 = AddV2(tower_3/bn2/AddV2_101, tower_3/conv4/Reshape_114)H÷ôêΩêÊÎPﬁ
tower_3/loss/AddV2_123ÆöêΩêÊÎ 0(12 
	GPU_3_bfcÄÄÄÄÄÄ ÄÄÄ(Ä‹úõ:64@ÄÄ" ÄÄÄÄÄÄ	GPU_3_bfc Ü0Ä†˝ÎÖ‡BPtower_3/loss/AddV2_123 = AddV2(tower_3/conv2/AddV2_105, tower_3/conv2/AddV2_105)HßöêΩêÊÎP¡
tower_3/conv3/Identity_127ñöêΩêÊÎ Æ(Ø2
	GPU_3_bfcÄÄ Ä(Äﬁúõ:+)"`Ä	GPU_3_bfc ä0Ä¬çÖ‡B>tower_3/conv3/Identity_127 = Identity(tower_3/conv3/AddV2_118)HèöêΩêÊÎP‹
tower_3/bn2/MaxPool_132ÅõêΩêÊÎ K(L2
	GPU_3_bfcÄÄÄÄ ÄÄ(Äﬁ¨õ:31Ä@"ÄÄÄÄ	GPU_3_bfc ê0ÄÆ¿¸Ö‡BStower_3/bn2/MaxPool_132 = MaxPool(tower_3/conv3/AddV2_118, tower_2/input/Const_129)H˙öêΩêÊÎP¡
"tower_3/conv5/FusedBatchNormV3_136 õêΩêÊÎ (2 
	GPU_3_bfcÄáÄá Äá(ÄŒ¥¢:;9@Ä""ÄÄÄÄÄÄ	GPU_3_bfc ï(0Ä¸‘∂Ü‡:84@8"ÄÄ	GPU_3_bfc ñ0Ä¸‘ΩÜ‡Bhtower_3/conv5/FusedBatchNormV3_136 = FusedBatchNormV3(tower_3/loss/AddV2_123, tower_3/conv4/Reshape_114)H√õêΩêÊÎP‚
tower_3/conv5/ReluGrad_141“õêΩêÊÎ (2
	GPU_3_bfcÄbÄb Äb(Ä∞µ¢:64"ÄbÄb	GPU_3_bfc õ(0Ä∆ÂæÜ‡BVtower_3/conv5/ReluGrad_141 = ReluGrad(tower_0/input/_Recv_139, tower_3/loss/AddV2_123)HÀõêΩêÊÎP„
"tower_3/conv5/FusedBatchNormV3_145⁄õêΩêÊÎ (2
	GPU_3_bfcÄÄ1ÄÄ1 ÄÄ1(Ä∞Ê¢:868" Ä*Ä*	GPU_3_bfc ü(0Ä®±øÜ‡:40@"ÄêÄê	GPU_3_bfc †0Äò‹øÜ‡Bìtower_3/conv5/FusedBatchNormV3_145 = FusedBatchNormV3(tower_3/conv5/ReluGrad_141, tower_3/conv5/ReluGrad_141, tower_3/conv5/FusedBatchNormV3_136:1)H”õêΩêÊÎPÏ
tower_3/conv4/Relu_150‡õêΩêÊÎ (2
	GPU_3_bfcÄ¿Ä¿ Ä¿(Ä˛¢:86@" Ä¿Ä¿	GPU_3_bfc •(0ÄÏƒ¿Ü‡B_tower_3/conv4/Relu_150 = Relu(tower_3/conv5/ReluGrad_141, tower_3/conv5/FusedBatchNormV3_145:1)HŸõêΩêÊÎPÌ
tower_3/fc1/AddV2_154ÂõêΩêÊÎ (2
	GPU_3_bfcÄ8Ä8 Ä8(Ä®ˇ¢:20@8"Ä8Ä8	GPU_3_bfc ©(0Ä‹È¿Ü‡Bjtower_3/fc1/AddV2_154 = AddV2(tower_3/conv5/FusedBatchNormV3_145:1, tower_3/conv1/Conv2DBackpropInput_110)HﬁõêΩêÊÎP”
tower_3/conv1/BiasAdd_158ﬂõêΩêÊÎ 
(2
	GPU_3_bfcÄ Ä  Ä (Ä»ˇ¢:,*@"Ä Ä 	GPU_3_bfc Æ0Ä¥Ú Ü‡BRtower_3/conv1/BiasAdd_158 = BiasAdd(tower_3/conv4/Relu_150, tower_3/fc1/AddV2_154)HÿõêΩêÊÎPÍ
tower_3/bn3/Reshape_163ÃõêΩêÊÎ N(O2
	GPU_3_bfcÄÄ Ä(ÄŒˇ¢:,*@"ÄÄ	GPU_3_bfc ¥0Äêˆ Ü‡Bktower_3/bn3/Reshape_163 = Reshape(tower_3/conv5/FusedBatchNormV3_136:1, tower_3/conv5/FusedBatchNormV3_136)H≈õêΩêÊÎPÇ
tower_3/fc2/Identity_167˘õêΩêÊÎ #($2 
	GPU_3_bfcÄ¿´Ä¿´ Ä¿´(Äé´§:86@" Ä¿´Ä¿´	GPU_3_bfc ∏0Äñ§“Ü‡Bptower_3/fc2/Identity_167 = Identity(tower_3/conv1/BiasAdd_158, tower_3/bn3/Reshape_163, tower_3/input/Shape_149)HÚõêΩêÊÎPõ
"tower_3/conv5/FusedBatchNormV3_172ÛõêΩêÊÎ  (!2
	GPU_3_bfcÄ¿Ä¿ Ä¿(ÄŒ∞§:/-	@Ä"ÄÄÄÄ	GPU_3_bfc º0Ä®–‘Ü‡::6@" Ä¿Ä¿	GPU_3_bfc Ω(0Ä®“‘Ü‡BOtower_3/conv5/FusedBatchNormV3_172 = FusedBatchNormV3(tower_3/fc2/Identity_167)HÏõêΩêÊÎPÓ
tower_3/pool1/MatMul_176ÇúêΩêÊÎ 8(92
	GPU_3_bfcÄò	Äò	 Äò	(ÄÊπ§:86@" Äò	Äò		GPU_3_bfc ¡(0Äæ‹‘Ü‡B_tower_3/pool1/MatMul_176 = MatMul(tower_3/conv5/FusedBatchNormV3_172, tower_3/fc2/Identity_167)H˚õêΩêÊÎPœ
tower_3/bn1/Mul_181ëúêΩêÊÎ .(/2
	GPU_3_bfcÄ`Ä` Ä`(Ä∆∫§:75Ä"Ä`Ä`	GPU_3_bfc «(0Äû€’Ü‡BItower_3/bn1/Mul_181 = Mul(tower_3/input/Shape_149, tower_3/fc1/AddV2_154)HäúêΩêÊÎPÌ
$tower_3/bn2/Conv2DBackpropFilter_185∞úêΩêÊÎ Ä(Å2
	GPU_3_bfcÄÄ Ä(Ä»∫§:64"‡Ä	GPU_3_bfc À(0ÄåÁ’é‡BUtower_3/bn2/Conv2DBackpropFilter_185 = Conv2DBackpropFilter(tower_3/pool1/MatMul_176)H©úêΩêÊÎPÄ
tower_3/gradients/AddV2_190ÏúêΩêÊÎ (2 
	GPU_3_bfcÄÄÄpÄÄÄp ÄÄÄp(Ä»∫î::8 ÄÄ" ÄÄÄpÄÄÄp	GPU_3_bfc –0Äû™÷é‡Bitower_3/gradients/AddV2_190 = AddV2(tower_3/pool1/MatMul_176, tower_3/bn1/Mul_181, tower_3/fc1/AddV2_154)HÂúêΩêÊÎP◊
tower_3/conv3/BiasAdd_194ÛúêΩêÊÎ (2
	GPU_3_bfcÄÄÄÄ ÄÄ(Ä»»î:648@"ÄÄÄÄ	GPU_3_bfc ‘0Ä∆≥∆è‡BItower_3/conv3/BiasAdd_194 = BiasAdd(tower_3/bn2/Conv2DBackpropFilter_185)HÏúêΩêÊÎP§
%tower_3/loss/FusedBatchNormGradV3_198ÚúêΩêÊÎ (2
	GPU_3_bfcÄàbÄàb Äàb(Ä–™ï:.,"ÄÄ	GPU_3_bfc Ÿ(0Ä®≤…è‡:95Ä"ÄÄbÄÄb	GPU_3_bfc ⁄0Ä∞≤…è‡BWtower_3/loss/FusedBatchNormGradV3_198 = FusedBatchNormGradV3(tower_3/conv3/BiasAdd_194)HÎúêΩêÊÎPÁ
tower_3/bn1/AddV2_203©úêΩêÊÎ Ä(Å2
	GPU_3_bfcÄ*Ä* Ä*(Ä¿’ï:64@8"Ä*Ä*	GPU_3_bfc ‡0Ä–∫Õè‡B[tower_3/bn1/AddV2_203 = AddV2(tower_3/loss/FusedBatchNormGradV3_198:1, tower_3/bn1/Mul_181)H¢úêΩêÊÎP‹
tower_3/bn3/Reshape_207§ùêΩêÊÎ (2
	GPU_3_bfcÄTÄT ÄT(Äî÷ï:428"ÄTÄT	GPU_3_bfc ‰0Ä¿µœè‡BUtower_3/bn3/Reshape_207 = Reshape(tower_3/bn1/AddV2_203, tower_3/gradients/AddV2_190)HùùêΩêÊÎP
Ú
,/job:localhost/replica:0/task:0/device:CPU:0Ã
IteratorGetNext_9£üêΩêÊÎ (2
cpuÄ¿Ä¿ Ä¿(Ä¿_:-+@"Ä¿Ä¿cpu (0Ä™˜ÇÄ‡:2.Ä8"ÄÄÄÄcpu 0ÄÍ˙ÇÄ‡B%IteratorGetNext_9 = IteratorGetNext()HúüêΩêÊÎß
tower_1/input/Cast_19¶üêΩêÊÎ (2
cpuÄJÄJ ÄJ(Ää`:/-"¿IÄJcpu (0Äÿ™ÉÄ‡B1tower_1/input/Cast_19 = Cast(IteratorGetNext_9:1)HüüêΩêÊÎu
tower_2/input/NoOp_29™üêΩêÊÎ (BDtower_2/input/NoOp_29 = NoOp(IteratorGetNext_9, IteratorGetNext_9:1)H£üêΩêÊÎ©
tower_3/input/Shape_39°üêΩêÊÎ (2
cpuÄƒÄƒ Äƒ(ÄŒa:-+ "ÄƒÄƒcpu -(0Äå©∂Ä‡B1tower_3/input/Shape_39 = Shape(IteratorGetNext_9)HöüêΩêÊÎ}
tower_2/input/_Send_49®üêΩêÊÎ (BKtower_2/input/_Send_49 = _Send(IteratorGetNext_9:1/_171, IteratorGetNext_9)H°üêΩêÊÎπ
tower_1/input/Cast_59¥üêΩêÊÎ (2
cpuÄÄ Ä(Ä‹a:'%8"ÄÄcpu A(0Äí¨¡Ä‡BKtower_1/input/Cast_59 = Cast(tower_1/input/Cast_19, tower_3/input/Shape_39)H≠üêΩêÊÎ¸
IteratorGetNext_69≈üêΩêÊÎ (2
cpuÄÄÁÄÄÁ ÄÄÁ(Ä‹»:1/888"ÄÄ◊ÄÄ◊cpu L0Äˆ¯ÖÅ‡:0,@Ä"ÄÄÄÄcpu M(0ÄˆœàÅ‡BNIteratorGetNext_69 = IteratorGetNext(tower_1/input/Cast_59, IteratorGetNext_9)HæüêΩêÊÎñ
tower_1/input/_Recv_79∏üêΩêÊÎ (2
cpuÄÄÄÄ ÄÄ(Ä‹ :*(	 Ä"ÄÄÄÄcpu Y(0Ä÷äôÖ‡B tower_1/input/_Recv_79 = _Recv()H±üêΩêÊÎê
tower_3/input/_Recv_89∫üêΩêÊÎ  (!2
cpuÄ Ä  Ä (Ä¸ :'%@"Ä Ä cpu c(0Äº°ùÖ‡B tower_3/input/_Recv_89 = _Recv()H≥üêΩêÊÎå
tower_3/input/NoOp_99„üêΩêÊÎ (B[tower_3/input/NoOp_99 = NoOp(IteratorGetNext_69, IteratorGetNext_69, tower_1/input/Cast_59)H‹üêΩêÊÎê
tower_2/input/Const_109‡üêΩêÊÎ (2
cpuÄÄ Ä(ÄåÀ:%#@"ÄÄcpu x0Ä‹õﬂÖ‡B!tower_2/input/Const_109 = Const()HŸüêΩêÊÎö
tower_3/input/_Recv_119 üêΩêÊÎ &('2
cpuÄ‡Ä‡ Ä‡(ÄÏÃ:,*@"Ä‡Ä‡cpu Ç0ÄÄ†‰Ö‡B!tower_3/input/_Recv_119 = _Recv()H√üêΩêÊÎì
tower_2/input/Const_129É†êΩêÊÎ (2
cpuÄÄ Ä(ÄÓÃ:(&@"ÄÄcpu ç(0ÄÑ±¸Ö‡B!tower_2/input/Const_129 = Const()H¸üêΩêÊÎ¶
tower_0/input/_Recv_139É†êΩêÊÎ (2
cpuÄÄÄÄÄÄ ÄÄÄ(ÄÓÃ:53 @Ä"ÄÄÄÄÄÄcpu ô(0Ä∆ﬁΩÜ‡B!tower_0/input/_Recv_139 = _Recv()H¸üêΩêÊÎﬂ
tower_3/input/Shape_149â†êΩêÊÎ (2
cpuÄÄ Ä(ÄÃ:*("¿Äcpu §0ÄÍƒ¿Ü‡Bktower_3/input/Shape_149 = Shape(tower_2/input/Const_129, tower_0/input/_Recv_139, ^tower_2/input/Const_129)HÇ†êΩêÊÎ˜
IteratorGetNext_159á†êΩêÊÎ (2
cpuÄ Ä  Ä (ÄêÕ:0.@"ÄÄcpu Ø(0Ä‘Ú Ü‡:($ "ÄÄcpu ∞0ÄÊÚ Ü‡BWIteratorGetNext_159 = IteratorGetNext(tower_3/input/Shape_149, tower_3/input/_Recv_119)HÄ†êΩêÊÎÄ
tower_2/input/_Send_169ô†êΩêÊÎ (BMtower_2/input/_Send_169 = _Send(IteratorGetNext_159:1, IteratorGetNext_159:1)Hí†êΩêÊÎ”
tower_0/input/Cast_179ò†êΩêÊÎ (2
cpuÄpÄp Äp(ÄÄŒ:(&@8"ÄpÄpcpu ≈(0ÄÆÜ’Ü‡Bbtower_0/input/Cast_179 = Cast(IteratorGetNext_159:1, IteratorGetNext_159, tower_3/input/_Recv_119)Hë†êΩêÊÎ…
tower_0/input/Cast_189õ†êΩêÊÎ (2
cpuÄÄ@ÄÄ@ ÄÄ@(ÄÄé:/- @Ä"ÄÄ@ÄÄ@cpu œ(0ÄûÍ’é‡BNtower_0/input/Cast_189 = Cast(tower_0/input/Cast_179, tower_3/input/Shape_149)Hî†êΩêÊÎ¢
tower_2/input/Const_199ú†êΩêÊÎ (2
cpuÄÄ‡ÄÄ‡ ÄÄ‡(ÄÄÓ:1/@8Ä"ÄÄ‡ÄÄ‡cpu €(0Ä∞î è‡B!tower_2/input/Const_199 = Const()Hï†êΩêÊÎõ
tower_1/input/_Recv_209††êΩêÊÎ (2
cpuÄ¿Ä¿ Ä¿(Ä¿Ò:-+Ä"Ä¿Ä¿cpu Ê0Äÿ∑œè‡B!tower_1/input/_Recv_209 = _Recv()Hô†êΩêÊÎ
Å.
/device:GPU:0/stream:allª
9tower_0/conv1/Conv2DBackpropFilter_0:Conv2DBackpropFilteràßêΩêÊÎ (Bfvolta_scudnn_128x128_stridedB_splitK @@tower_0/conv1/Conv2DBackpropFilter_0:Conv2DBackpropFilter#id=1#HÅßêΩêÊÎÅ
tower_0/gradients/Sum_4:SumäßêΩêÊÎ 
(BJtensorflow::functor::BlockReduceKernel @@tower_0/gradients/Sum_4:Sum#id=2#HÉßêΩêÊÎá
!tower_0/pool2/ReluGrad_8:ReluGradîßêΩêÊÎ (BJEigen::internal::EigenMetaKernel @@tower_0/pool2/ReluGrad_8:ReluGrad#id=3#HçßêΩêÊÎu
tower_0/conv3/Mul_13:MulóßêΩêÊÎ (BAEigen::internal::EigenMetaKernel @@tower_0/conv3/Mul_13:Mul#id=4#HêßêΩêÊÎ{
tower_0/pool1/Sum_17:Sum™ßêΩêÊÎ (BGtensorflow::functor::BlockReduceKernel @@tower_0/pool1/Sum_17:Sum#id=5#H£ßêΩêÊÎ©
2tower_0/conv4/FusedBatchNormV3_22:FusedBatchNormV3∑ßêΩêÊÎ 	(
B[cudnn::bn_fw_tr_1C11_kernel_NCHW @@tower_0/conv4/FusedBatchNormV3_22:FusedBatchNormV3#id=6#H∞ßêΩêÊÎu
tower_0/conv2/Mul_26:Mul¿ßêΩêÊÎ (	BAEigen::internal::EigenMetaKernel @@tower_0/conv2/Mul_26:Mul#id=7#HπßêΩêÊÎÄ
 tower_0/conv1/MaxPool_31:MaxPool»ßêΩêÊÎ (BDcudnn::pooling_fw_4d_kernel @@tower_0/conv1/MaxPool_31:MaxPool#id=8#H¡ßêΩêÊÎõ
*tower_0/bn1/ApplyMomentum_35:ApplyMomentumŸßêΩêÊÎ û(üBSEigen::internal::EigenMetaKernel @@tower_0/bn1/ApplyMomentum_35:ApplyMomentum#id=9#H“ßêΩêÊÎ|
tower_0/conv1/Sum_44:Sum¯®êΩêÊÎ (BHtensorflow::functor::BlockReduceKernel @@tower_0/conv1/Sum_44:Sum#id=10#HÒ®êΩêÊÎs
tower_0/bn1/MatMul_48:MatMulä©êΩêÊÎ (	B;volta_sgemm_32x128_nn @@tower_0/bn1/MatMul_48:MatMul#id=11#HÉ©êΩêÊÎ~
tower_0/conv2/AddV2_57:AddV2ì©êΩêÊÎ 9(:BFEigen::internal::EigenMetaKernel @@tower_0/conv2/AddV2_57:AddV2#id=12#Hå©êΩêÊÎ¶
0tower_0/fc1/FusedBatchNormV3_62:FusedBatchNormV3Ã©êΩêÊÎ (BZcudnn::bn_fw_tr_1C11_kernel_NCHW @@tower_0/fc1/FusedBatchNormV3_62:FusedBatchNormV3#id=14#H≈©êΩêÊÎz
tower_0/loss/Sum_71:Sumœ©êΩêÊÎ (BGtensorflow::functor::BlockReduceKernel @@tower_0/loss/Sum_71:Sum#id=15#H»©êΩêÊÎ~
tower_0/conv2/AddV2_75:AddV2„©êΩêÊÎ (BFEigen::internal::EigenMetaKernel @@tower_0/conv2/AddV2_75:AddV2#id=16#H‹©êΩêÊÎv
tower_0/fc2/Relu_80:ReluÈ©êΩêÊÎ $(%BBEigen::internal::EigenMetaKernel @@tower_0/fc2/Relu_80:Relu#id=17#H‚©êΩêÊÎâ
tower_0/pool2/Conv2D_84:Conv2Dç™êΩêÊÎ (BOvolta_scudnn_128x64_relu_interior_nn_v1 @@tower_0/pool2/Conv2D_84:Conv2D#id=18#HÜ™êΩêÊÎ}
tower_0/bn3/MaxPool_97:MaxPoolé™êΩêÊÎ (BCcudnn::pooling_fw_4d_kernel @@tower_0/bn3/MaxPool_97:MaxPool#id=19#Há™êΩêÊÎx
tower_0/fc2/Relu_102:Reluï™êΩêÊÎ -(.BCEigen::internal::EigenMetaKernel @@tower_0/fc2/Relu_102:Relu#id=20#Hé™êΩêÊÎx
tower_0/pool2/Mul_106:Mul√™êΩêÊÎ d(eBCEigen::internal::EigenMetaKernel @@tower_0/pool2/Mul_106:Mul#id=21#Hº™êΩêÊÎ|
tower_0/fc1/AddV2_111:AddV2ß´êΩêÊÎ 	(
BEEigen::internal::EigenMetaKernel @@tower_0/fc1/AddV2_111:AddV2#id=22#H†´êΩêÊÎ~
tower_0/conv2/Sum_115:Sum±´êΩêÊÎ (BItensorflow::functor::BlockReduceKernel @@tower_0/conv2/Sum_115:Sum#id=23#H™´êΩêÊÎà
!tower_0/fc1/ReluGrad_120:ReluGradæ´êΩêÊÎ (BKEigen::internal::EigenMetaKernel @@tower_0/fc1/ReluGrad_120:ReluGrad#id=24#H∑´êΩêÊÎá
tower_0/bn2/Conv2D_124:Conv2DÀ´êΩêÊÎ (BNvolta_scudnn_128x64_relu_interior_nn_v1 @@tower_0/bn2/Conv2D_124:Conv2D#id=25#Hƒ´êΩêÊÎ®
1tower_0/bn2/FusedBatchNormV3_128:FusedBatchNormV3€´êΩêÊÎ (B[cudnn::bn_fw_tr_1C11_kernel_NCHW @@tower_0/bn2/FusedBatchNormV3_128:FusedBatchNormV3#id=26#H‘´êΩêÊÎ†
-tower_0/pool1/ApplyMomentum_133:ApplyMomentumÍ´êΩêÊÎ (BWEigen::internal::EigenMetaKernel @@tower_0/pool1/ApplyMomentum_133:ApplyMomentum#id=27#H„´êΩêÊÎy
tower_0/conv4/MatMul_137:MatMulÒ´êΩêÊÎ (B>volta_sgemm_32x128_nn @@tower_0/conv4/MatMul_137:MatMul#id=29#HÍ´êΩêÊÎ
tower_0/fc2/MaxPool_142:MaxPoolê¨êΩêÊÎ !("BDcudnn::pooling_fw_4d_kernel @@tower_0/fc2/MaxPool_142:MaxPool#id=30#Hâ¨êΩêÊÎ»
?tower_0/gradients/Conv2DBackpropFilter_146:Conv2DBackpropFilter±¨êΩêÊÎ (Bmvolta_scudnn_128x128_stridedB_splitK @@tower_0/gradients/Conv2DBackpropFilter_146:Conv2DBackpropFilter#id=31#H™¨êΩêÊÎ~
tower_0/pool1/Sum_151:Sumƒ¨êΩêÊÎ (BItensorflow::functor::BlockReduceKernel @@tower_0/pool1/Sum_151:Sum#id=32#HΩ¨êΩêÊÎx
tower_0/pool1/Mul_155:Mul⁄¨êΩêÊÎ (BCEigen::internal::EigenMetaKernel @@tower_0/pool1/Mul_155:Mul#id=33#H”¨êΩêÊÎ|
tower_0/bn1/AddV2_164:AddV2·¨êΩêÊÎ (BEEigen::internal::EigenMetaKernel @@tower_0/bn1/AddV2_164:AddV2#id=34#H⁄¨êΩêÊÎy
tower_0/conv5/MatMul_173:MatMulÙ¨êΩêÊÎ $(%B>volta_sgemm_32x128_nn @@tower_0/conv5/MatMul_173:MatMul#id=35#HÌ¨êΩêÊÎx
tower_0/conv5/MatMul_173:MatMulò≠êΩêÊÎ 	(
B=volta_sgemm_64x64_tn @@tower_0/conv5/MatMul_173:MatMul#id=36#Hë≠êΩêÊÎ∂
:tower_0/loss/FusedBatchNormGradV3_177:FusedBatchNormGradV3¢≠êΩêÊÎ (B`cudnn::bn_bw_1C11_kernel_new @@tower_0/loss/FusedBatchNormGradV3_177:FusedBatchNormGradV3#id=37#Hõ≠êΩêÊÎÅ
#tower_0/gradients/MatMul_182:MatMulß≠êΩêÊÎ (BBvolta_sgemm_32x128_nn @@tower_0/gradients/MatMul_182:MatMul#id=39#H†≠êΩêÊÎv
!tower_0/pool1/BiasAdd_186:BiasAdd≠≠êΩêÊÎ 	(
B9BiasNHWCKernel @@tower_0/pool1/BiasAdd_186:BiasAdd#id=40#H¶≠êΩêÊÎº
9tower_0/fc1/Conv2DBackpropFilter_191:Conv2DBackpropFilter∑≠êΩêÊÎ (Bgvolta_scudnn_128x128_stridedB_splitK @@tower_0/fc1/Conv2DBackpropFilter_191:Conv2DBackpropFilter#id=41#H∞≠êΩêÊÎú
+tower_0/bn3/ApplyMomentum_195:ApplyMomentumπ≠êΩêÊÎ (BUEigen::internal::EigenMetaKernel @@tower_0/bn3/ApplyMomentum_195:ApplyMomentum#id=43#H≤≠êΩêÊÎ¥
7tower_0/gradients/FusedBatchNormV3_200:FusedBatchNormV3º≠êΩêÊÎ (Bacudnn::bn_fw_tr_1C11_kernel_NCHW @@tower_0/gradients/FusedBatchNormV3_200:FusedBatchNormV3#id=44#Hµ≠êΩêÊÎx
tower_0/bn2/Relu_204:Reluø≠êΩêÊÎ 	(
BCEigen::internal::EigenMetaKernel @@tower_0/bn2/Relu_204:Relu#id=45#H∏≠êΩêÊÎy
tower_0/conv2/MatMul_208:MatMul»≠êΩêÊÎ (B>volta_sgemm_32x128_nn @@tower_0/conv2/MatMul_208:MatMul#id=46#H¡≠êΩêÊÎ
ˇ-
/device:GPU:0/stream:7ª
9tower_0/conv1/Conv2DBackpropFilter_0:Conv2DBackpropFilteràßêΩêÊÎ (Bfvolta_scudnn_128x128_stridedB_splitK @@tower_0/conv1/Conv2DBackpropFilter_0:Conv2DBackpropFilter#id=1#HÅßêΩêÊÎÅ
tower_0/gradients/Sum_4:SumäßêΩêÊÎ 
(BJtensorflow::functor::BlockReduceKernel @@tower_0/gradients/Sum_4:Sum#id=2#HÉßêΩêÊÎá
!tower_0/pool2/ReluGrad_8:ReluGradîßêΩêÊÎ (BJEigen::internal::EigenMetaKernel @@tower_0/pool2/ReluGrad_8:ReluGrad#id=3#HçßêΩêÊÎu
tower_0/conv3/Mul_13:MulóßêΩêÊÎ (BAEigen::internal::EigenMetaKernel @@tower_0/conv3/Mul_13:Mul#id=4#HêßêΩêÊÎ{
tower_0/pool1/Sum_17:Sum™ßêΩêÊÎ (BGtensorflow::functor::BlockReduceKernel @@tower_0/pool1/Sum_17:Sum#id=5#H£ßêΩêÊÎ©
2tower_0/conv4/FusedBatchNormV3_22:FusedBatchNormV3∑ßêΩêÊÎ 	(
B[cudnn::bn_fw_tr_1C11_kernel_NCHW @@tower_0/conv4/FusedBatchNormV3_22:FusedBatchNormV3#id=6#H∞ßêΩêÊÎu
tower_0/conv2/Mul_26:Mul¿ßêΩêÊÎ (	BAEigen::internal::EigenMetaKernel @@tower_0/conv2/Mul_26:Mul#id=7#HπßêΩêÊÎÄ
 tower_0/conv1/MaxPool_31:MaxPool»ßêΩêÊÎ (BDcudnn::pooling_fw_4d_kernel @@tower_0/conv1/MaxPool_31:MaxPool#id=8#H¡ßêΩêÊÎõ
*tower_0/bn1/ApplyMomentum_35:ApplyMomentumŸßêΩêÊÎ û(üBSEigen::internal::EigenMetaKernel @@tower_0/bn1/ApplyMomentum_35:ApplyMomentum#id=9#H“ßêΩêÊÎ|
tower_0/conv1/Sum_44:Sum¯®êΩêÊÎ (BHtensorflow::functor::BlockReduceKernel @@tower_0/conv1/Sum_44:Sum#id=10#HÒ®êΩêÊÎs
tower_0/bn1/MatMul_48:MatMulä©êΩêÊÎ (	B;volta_sgemm_32x128_nn @@tower_0/bn1/MatMul_48:MatMul#id=11#HÉ©êΩêÊÎ~
tower_0/conv2/AddV2_57:AddV2ì©êΩêÊÎ 9(:BFEigen::internal::EigenMetaKernel @@tower_0/conv2/AddV2_57:AddV2#id=12#Hå©êΩêÊÎ¶
0tower_0/fc1/FusedBatchNormV3_62:FusedBatchNormV3Ã©êΩêÊÎ (BZcudnn::bn_fw_tr_1C11_kernel_NCHW @@tower_0/fc1/FusedBatchNormV3_62:FusedBatchNormV3#id=14#H≈©êΩêÊÎz
tower_0/loss/Sum_71:Sumœ©êΩêÊÎ (BGtensorflow::functor::BlockReduceKernel @@tower_0/loss/Sum_71:Sum#id=15#H»©êΩêÊÎ~
tower_0/conv2/AddV2_75:AddV2„©êΩêÊÎ (BFEigen::internal::EigenMetaKernel @@tower_0/conv2/AddV2_75:AddV2#id=16#H‹©êΩêÊÎv
tower_0/fc2/Relu_80:ReluÈ©êΩêÊÎ $(%BBEigen::internal::EigenMetaKernel @@tower_0/fc2/Relu_80:Relu#id=17#H‚©êΩêÊÎâ
tower_0/pool2/Conv2D_84:Conv2Dç™êΩêÊÎ (BOvolta_scudnn_128x64_relu_interior_nn_v1 @@tower_0/pool2/Conv2D_84:Conv2D#id=18#HÜ™êΩêÊÎ}
tower_0/bn3/MaxPool_97:MaxPoolé™êΩêÊÎ (BCcudnn::pooling_fw_4d_kernel @@tower_0/bn3/MaxPool_97:MaxPool#id=19#Há™êΩêÊÎx
tower_0/fc2/Relu_102:Reluï™êΩêÊÎ -(.BCEigen::internal::EigenMetaKernel @@tower_0/fc2/Relu_102:Relu#id=20#Hé™êΩêÊÎx
tower_0/pool2/Mul_106:Mul√™êΩêÊÎ d(eBCEigen::internal::EigenMetaKernel @@tower_0/pool2/Mul_106:Mul#id=21#Hº™êΩêÊÎ|
tower_0/fc1/AddV2_111:AddV2ß´êΩêÊÎ 	(
BEEigen::internal::EigenMetaKernel @@tower_0/fc1/AddV2_111:AddV2#id=22#H†´êΩêÊÎ~
tower_0/conv2/Sum_115:Sum±´êΩêÊÎ (BItensorflow::functor::BlockReduceKernel @@tower_0/conv2/Sum_115:Sum#id=23#H™´êΩêÊÎà
!tower_0/fc1/ReluGrad_120:ReluGradæ´êΩêÊÎ (BKEigen::internal::EigenMetaKernel @@tower_0/fc1/ReluGrad_120:ReluGrad#id=24#H∑´êΩêÊÎá
tower_0/bn2/Conv2D_124:Conv2DÀ´êΩêÊÎ (BNvolta_scudnn_128x64_relu_interior_nn_v1 @@tower_0/bn2/Conv2D_124:Conv2D#id=25#Hƒ´êΩêÊÎ®
1tower_0/bn2/FusedBatchNormV3_128:FusedBatchNormV3€´êΩêÊÎ (B[cudnn::bn_fw_tr_1C11_kernel_NCHW @@tower_0/bn2/FusedBatchNormV3_128:FusedBatchNormV3#id=26#H‘´êΩêÊÎ†
-tower_0/pool1/ApplyMomentum_133:ApplyMomentumÍ´êΩêÊÎ (BWEigen::internal::EigenMetaKernel @@tower_0/pool1/ApplyMomentum_133:ApplyMomentum#id=27#H„´êΩêÊÎy
tower_0/conv4/MatMul_137:MatMulÒ´êΩêÊÎ (B>volta_sgemm_32x128_nn @@tower_0/conv4/MatMul_137:MatMul#id=29#HÍ´êΩêÊÎ
tower_0/fc2/MaxPool_142:MaxPoolê¨êΩêÊÎ !("BDcudnn::pooling_fw_4d_kernel @@tower_0/fc2/MaxPool_142:MaxPool#id=30#Hâ¨êΩêÊÎ»
?tower_0/gradients/Conv2DBackpropFilter_146:Conv2DBackpropFilter±¨êΩêÊÎ (Bmvolta_scudnn_128x128_stridedB_splitK @@tower_0/gradients/Conv2DBackpropFilter_146:Conv2DBackpropFilter#id=31#H™¨êΩêÊÎ~
tower_0/pool1/Sum_151:Sumƒ¨êΩêÊÎ (BItensorflow::functor::BlockReduceKernel @@tower_0/pool1/Sum_151:Sum#id=32#HΩ¨êΩêÊÎx
tower_0/pool1/Mul_155:Mul⁄¨êΩêÊÎ (BCEigen::internal::EigenMetaKernel @@tower_0/pool1/Mul_155:Mul#id=33#H”¨êΩêÊÎ|
tower_0/bn1/AddV2_164:AddV2·¨êΩêÊÎ (BEEigen::internal::EigenMetaKernel @@tower_0/bn1/AddV2_164:AddV2#id=34#H⁄¨êΩêÊÎy
tower_0/conv5/MatMul_173:MatMulÙ¨êΩêÊÎ $(%B>volta_sgemm_32x128_nn @@tower_0/conv5/MatMul_173:MatMul#id=35#HÌ¨êΩêÊÎx
tower_0/conv5/MatMul_173:MatMulò≠êΩêÊÎ 	(
B=volta_sgemm_64x64_tn @@tower_0/conv5/MatMul_173:MatMul#id=36#Hë≠êΩêÊÎ∂
:tower_0/loss/FusedBatchNormGradV3_177:FusedBatchNormGradV3¢≠êΩêÊÎ (B`cudnn::bn_bw_1C11_kernel_new @@tower_0/loss/FusedBatchNormGradV3_177:FusedBatchNormGradV3#id=37#Hõ≠êΩêÊÎÅ
#tower_0/gradients/MatMul_182:MatMulß≠êΩêÊÎ (BBvolta_sgemm_32x128_nn @@tower_0/gradients/MatMul_182:MatMul#id=39#H†≠êΩêÊÎv
!tower_0/pool1/BiasAdd_186:BiasAdd≠≠êΩêÊÎ 	(
B9BiasNHWCKernel @@tower_0/pool1/BiasAdd_186:BiasAdd#id=40#H¶≠êΩêÊÎº
9tower_0/fc1/Conv2DBackpropFilter_191:Conv2DBackpropFilter∑≠êΩêÊÎ (Bgvolta_scudnn_128x128_stridedB_splitK @@tower_0/fc1/Conv2DBackpropFilter_191:Conv2DBackpropFilter#id=41#H∞≠êΩêÊÎú
+tower_0/bn3/ApplyMomentum_195:ApplyMomentumπ≠êΩêÊÎ (BUEigen::internal::EigenMetaKernel @@tower_0/bn3/ApplyMomentum_195:ApplyMomentum#id=43#H≤≠êΩêÊÎ¥
7tower_0/gradients/FusedBatchNormV3_200:FusedBatchNormV3º≠êΩêÊÎ (Bacudnn::bn_fw_tr_1C11_kernel_NCHW @@tower_0/gradients/FusedBatchNormV3_200:FusedBatchNormV3#id=44#Hµ≠êΩêÊÎx
tower_0/bn2/Relu_204:Reluø≠êΩêÊÎ 	(
BCEigen::internal::EigenMetaKernel @@tower_0/bn2/Relu_204:Relu#id=45#H∏≠êΩêÊÎy
tower_0/conv2/MatMul_208:MatMul»≠êΩêÊÎ (B>volta_sgemm_32x128_nn @@tower_0/conv2/MatMul_208:MatMul#id=46#H¡≠êΩêÊÎ
“
/device:GPU:0/memcpyñ
*tower_0/fc1/FusedBatchNormV3_62:MEMCPYHtoDÿ∂êΩêÊÎ ˘(˙BNMEMCPYHtoD 117452800 bytes @@tower_0/fc1/FusedBatchNormV3_62:MEMCPYHtoD#id=13#H—∂êΩêÊÎÅ
#tower_0/conv4/MatMul_137:MEMCPYHtoD“ÕêΩêÊÎ (BBMEMCPYHtoD 2816 bytes @@tower_0/conv4/MatMul_137:MEMCPYHtoD#id=28#HÀÕêΩêÊÎã
'tower_0/gradients/MatMul_182:MEMCPYHtoD‘ÕêΩêÊÎ (BHMEMCPYHtoD 175616 bytes @@tower_0/gradients/MatMul_182:MEMCPYHtoD#id=38#HÕÕêΩêÊÎé
(tower_0/bn3/ApplyMomentum_195:MEMCPYHtoD⁄ÕêΩêÊÎ Q(RBJMEMCPYHtoD 3211264 bytes @@tower_0/bn3/ApplyMomentum_195:MEMCPYHtoD#id=42#H”ÕêΩêÊÎ≠G
j
$tower_0/conv1/Conv2DBackpropFilter_0Conv2DBackpropFilter",/job:localhost/replica:0/task:0/device:GPU:0
ò
tower_0/gradients/Sum_4Sum$tower_0/conv1/Conv2DBackpropFilter_0$tower_0/conv1/Conv2DBackpropFilter_0",/job:localhost/replica:0/task:0/device:GPU:0
ü
tower_0/pool2/ReluGrad_8ReluGrad%^tower_0/conv1/Conv2DBackpropFilter_0$tower_0/conv1/Conv2DBackpropFilter_0",/job:localhost/replica:0/task:0/device:GPU:0
t
 tower_0/pool2/ReluGrad_8/ghost_0Identitytower_0/pool2/ReluGrad_8",/job:localhost/replica:0/task:0/device:GPU:0
o
tower_0/conv3/Mul_13Mul$tower_0/conv1/Conv2DBackpropFilter_0",/job:localhost/replica:0/task:0/device:GPU:0
è
!tower_0/conv4/FusedBatchNormV3_22FusedBatchNormV3tower_0/pool1/Sum_17tower_0/pool1/Sum_17",/job:localhost/replica:0/task:0/device:GPU:0
Ù
IteratorGetNext_9/_5_Recv",/job:localhost/replica:0/task:0/device:GPU:0*)
tensor_nameedge_2_IteratorGetNext_9*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
Ñ
tower_0/conv2/Mul_26MulIteratorGetNext_9/_5#tower_0/conv4/FusedBatchNormV3_22:1",/job:localhost/replica:0/task:0/device:GPU:0
ô
tower_0/conv1/MaxPool_31MaxPool#tower_0/conv4/FusedBatchNormV3_22:1!tower_0/conv4/FusedBatchNormV3_22",/job:localhost/replica:0/task:0/device:GPU:0
Å
tower_1/pool1/MatMul_27/_11_Recv",/job:localhost/replica:0/task:0/device:GPU:0*/
tensor_name edge_5_tower_1/pool1/MatMul_27*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:1*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
é
tower_0/bn1/ApplyMomentum_35ApplyMomentumtower_1/pool1/MatMul_27/_11tower_0/conv2/Mul_26",/job:localhost/replica:0/task:0/device:GPU:0
ß
tower_0/loss/Identity_40Identitytower_0/pool1/Sum_17#tower_0/conv4/FusedBatchNormV3_22:1tower_0/pool2/ReluGrad_8",/job:localhost/replica:0/task:0/device:GPU:0
Ö
tower_0/conv1/Sum_44Sumtower_0/bn1/ApplyMomentum_35tower_0/bn1/ApplyMomentum_35",/job:localhost/replica:0/task:0/device:GPU:0
ˇ
tower_3/input/Shape_39/_17_Recv",/job:localhost/replica:0/task:0/device:GPU:0*.
tensor_nameedge_8_tower_3/input/Shape_39*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
ï
tower_0/bn1/MatMul_48MatMultower_3/input/Shape_39/_17tower_0/conv1/Sum_44tower_0/conv2/Mul_26",/job:localhost/replica:0/task:0/device:GPU:0
}
tower_0/fc1/Reshape_53Reshapetower_0/bn1/MatMul_48tower_0/bn1/MatMul_48",/job:localhost/replica:0/task:0/device:GPU:0
~
tower_0/conv2/AddV2_57AddV2tower_0/bn1/MatMul_48tower_0/conv1/MaxPool_31",/job:localhost/replica:0/task:0/device:GPU:0
é
tower_0/fc1/FusedBatchNormV3_62FusedBatchNormV3tower_0/bn1/MatMul_48tower_0/conv1/Sum_44",/job:localhost/replica:0/task:0/device:GPU:0
ï
tower_0/bn2/Reshape_66Reshape!tower_0/fc1/FusedBatchNormV3_62:1!tower_0/fc1/FusedBatchNormV3_62:1",/job:localhost/replica:0/task:0/device:GPU:0
a
tower_0/loss/Sum_71Sum^tower_0/bn2/Reshape_66",/job:localhost/replica:0/task:0/device:GPU:0
b
tower_0/conv2/AddV2_75AddV2tower_0/loss/Sum_71",/job:localhost/replica:0/task:0/device:GPU:0
p
tower_0/conv2/AddV2_75/ghost_0Identitytower_0/conv2/AddV2_75",/job:localhost/replica:0/task:0/device:GPU:0
ñ
#tower_0/conv2/AddV2_75/ghost_0/moreIdentitytower_0/conv2/AddV2_75/ghost_0^tower_0/conv2/AddV2_75",/job:localhost/replica:0/task:0/device:GPU:0
a
tower_0/fc2/Relu_80Relutower_0/bn2/Reshape_66",/job:localhost/replica:0/task:0/device:GPU:0
g
tower_0/pool2/Conv2D_84Conv2Dtower_0/conv2/AddV2_75",/job:localhost/replica:0/task:0/device:GPU:0
˛
tower_1/input/Cast_19/_31_Recv",/job:localhost/replica:0/task:0/device:GPU:0*.
tensor_nameedge_15_tower_1/input/Cast_19*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
Ö
tower_0/fc1/Identity_93Identitytower_1/input/Cast_19/_31tower_0/pool2/Conv2D_84",/job:localhost/replica:0/task:0/device:GPU:0

tower_0/bn3/MaxPool_97MaxPooltower_0/bn1/Reshape_88tower_0/bn1/Reshape_88",/job:localhost/replica:0/task:0/device:GPU:0
{
tower_0/fc2/Relu_102Relutower_0/pool2/Conv2D_84tower_0/conv2/AddV2_75",/job:localhost/replica:0/task:0/device:GPU:0
x
tower_0/pool2/Mul_106Multower_0/bn3/MaxPool_97tower_0/fc2/Relu_102",/job:localhost/replica:0/task:0/device:GPU:0
Ç
tower_1/fc2/Reshape_103/_35_Recv",/job:localhost/replica:0/task:0/device:GPU:0*0
tensor_name!edge_17_tower_1/fc2/Reshape_103*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:1*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
Ä
tower_0/fc1/AddV2_111AddV2tower_0/pool2/Mul_106tower_1/fc2/Reshape_103/_35",/job:localhost/replica:0/task:0/device:GPU:0
û
)tower_3/conv1/Conv2DBackpropInput_110/_37_Recv",/job:localhost/replica:0/task:0/device:GPU:0*>
tensor_name/-edge_18_tower_3/conv1/Conv2DBackpropInput_110*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:3*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
å
tower_0/conv2/Sum_115Sumtower_0/fc1/AddV2_111)tower_3/conv1/Conv2DBackpropInput_110/_37",/job:localhost/replica:0/task:0/device:GPU:0
Ä
tower_0/fc1/ReluGrad_120ReluGradtower_0/conv2/Sum_115tower_0/conv2/Sum_115",/job:localhost/replica:0/task:0/device:GPU:0

tower_0/bn2/Conv2D_124Conv2Dtower_0/fc1/AddV2_111tower_0/fc1/ReluGrad_120",/job:localhost/replica:0/task:0/device:GPU:0
y
 tower_0/bn2/FusedBatchNormV3_128FusedBatchNormV3tower_0/conv2/Sum_115",/job:localhost/replica:0/task:0/device:GPU:0
Ç
tower_2/input/Const_129/_43_Recv",/job:localhost/replica:0/task:0/device:GPU:0*0
tensor_name!edge_21_tower_2/input/Const_129*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
ü
tower_0/pool1/ApplyMomentum_133ApplyMomentumtower_2/input/Const_129/_43"tower_0/bn2/FusedBatchNormV3_128:1",/job:localhost/replica:0/task:0/device:GPU:0
§
tower_0/conv4/MatMul_137MatMultower_0/fc1/ReluGrad_120tower_0/bn2/Conv2D_124 tower_0/bn2/FusedBatchNormV3_128",/job:localhost/replica:0/task:0/device:GPU:0
Ñ
tower_0/fc2/MaxPool_142MaxPooltower_0/conv4/MatMul_137tower_0/conv4/MatMul_137",/job:localhost/replica:0/task:0/device:GPU:0
â
*tower_0/gradients/Conv2DBackpropFilter_146Conv2DBackpropFiltertower_0/fc2/MaxPool_142",/job:localhost/replica:0/task:0/device:GPU:0
©
tower_0/pool1/Sum_151Sumtower_0/fc2/MaxPool_142tower_0/fc1/ReluGrad_120*tower_0/gradients/Conv2DBackpropFilter_146",/job:localhost/replica:0/task:0/device:GPU:0
v
tower_0/pool1/Mul_155Mul*tower_0/gradients/Conv2DBackpropFilter_146",/job:localhost/replica:0/task:0/device:GPU:0
¸
IteratorGetNext_159/_45_Recv",/job:localhost/replica:0/task:0/device:GPU:0*.
tensor_nameedge_22_IteratorGetNext_159:1*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
Ç
tower_0/conv1/Reshape_160Reshapetower_0/pool1/Mul_155IteratorGetNext_159/_45",/job:localhost/replica:0/task:0/device:GPU:0
Ç
tower_0/bn1/AddV2_164AddV2tower_0/conv1/Reshape_160tower_0/conv1/Reshape_160",/job:localhost/replica:0/task:0/device:GPU:0
Ñ
tower_0/fc2/Identity_168Identitytower_0/conv1/Reshape_160tower_0/pool1/Sum_151",/job:localhost/replica:0/task:0/device:GPU:0
É
tower_0/conv5/MatMul_173MatMultower_0/fc2/Identity_168IteratorGetNext_159/_45",/job:localhost/replica:0/task:0/device:GPU:0
†
%tower_0/loss/FusedBatchNormGradV3_177FusedBatchNormGradV3tower_0/fc2/Identity_168^tower_0/fc2/Identity_168",/job:localhost/replica:0/task:0/device:GPU:0
í
#tower_1/conv2/ApplyMomentum_178/_53_Recv",/job:localhost/replica:0/task:0/device:GPU:0*8
tensor_name)'edge_26_tower_1/conv2/ApplyMomentum_178*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:1*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
y
tower_0/gradients/MatMul_182MatMul#tower_1/conv2/ApplyMomentum_178/_53",/job:localhost/replica:0/task:0/device:GPU:0
ä
tower_0/pool1/BiasAdd_186BiasAddtower_0/gradients/MatMul_182tower_0/fc2/Identity_168",/job:localhost/replica:0/task:0/device:GPU:0
¨
$tower_0/fc1/Conv2DBackpropFilter_191Conv2DBackpropFilter%tower_0/loss/FusedBatchNormGradV3_177tower_0/pool1/BiasAdd_186",/job:localhost/replica:0/task:0/device:GPU:0
®
tower_0/bn3/ApplyMomentum_195ApplyMomentum$tower_0/fc1/Conv2DBackpropFilter_191$tower_0/fc1/Conv2DBackpropFilter_191",/job:localhost/replica:0/task:0/device:GPU:0
ö
&tower_0/gradients/FusedBatchNormV3_200FusedBatchNormV3tower_0/pool1/BiasAdd_186tower_0/conv2/Sum_115",/job:localhost/replica:0/task:0/device:GPU:0
¥
tower_0/bn2/Relu_204Relutower_0/conv5/MatMul_173$tower_0/fc1/Conv2DBackpropFilter_191(tower_0/gradients/FusedBatchNormV3_200:1",/job:localhost/replica:0/task:0/device:GPU:0
Ü
tower_0/conv2/MatMul_208MatMultower_0/bn3/ApplyMomentum_195^tower_0/bn2/Relu_204",/job:localhost/replica:0/task:0/device:GPU:0«Q
N
tower_1/conv5/MatMul_1MatMul",/job:localhost/replica:0/task:0/device:GPU:1
z
 tower_1/conv5/FusedBatchNormV3_5FusedBatchNormV3tower_1/conv5/MatMul_1",/job:localhost/replica:0/task:0/device:GPU:1
w
tower_1/conv4/Identity_10Identity"tower_1/conv5/FusedBatchNormV3_5:1",/job:localhost/replica:0/task:0/device:GPU:1
ö
tower_1/conv2/ApplyMomentum_14ApplyMomentum tower_1/conv5/FusedBatchNormV3_5tower_1/conv4/Identity_10",/job:localhost/replica:0/task:0/device:GPU:1
d
tower_1/fc2/Relu_18Relutower_1/conv4/Identity_10",/job:localhost/replica:0/task:0/device:GPU:1
k
tower_1/conv1/Mul_23Mul tower_1/conv5/FusedBatchNormV3_5",/job:localhost/replica:0/task:0/device:GPU:1
{
tower_1/pool1/MatMul_27MatMultower_1/conv1/Mul_23tower_1/conv1/Mul_23",/job:localhost/replica:0/task:0/device:GPU:1
Ù
IteratorGetNext_9/_7_Recv",/job:localhost/replica:0/task:0/device:GPU:1*)
tensor_nameedge_3_IteratorGetNext_9*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
õ
tower_1/conv1/MaxPool_32MaxPoolIteratorGetNext_9/_7tower_1/pool1/MatMul_27tower_1/conv4/Identity_10",/job:localhost/replica:0/task:0/device:GPU:1
ö
tower_1/pool1/MatMul_27/_10_Sendtower_1/pool1/MatMul_27",/job:localhost/replica:0/task:0/device:GPU:1*/
tensor_name edge_5_tower_1/pool1/MatMul_27*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:1*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
ß
tower_1/gradients/MaxPool_36MaxPool"tower_1/conv5/FusedBatchNormV3_5:1tower_1/fc2/Relu_18tower_1/pool1/MatMul_27",/job:localhost/replica:0/task:0/device:GPU:1
î
tower_1/conv4/Sum_41Sum^tower_1/gradients/MaxPool_36tower_1/conv1/Mul_23tower_1/conv1/Mul_23",/job:localhost/replica:0/task:0/device:GPU:1
ù
(tower_1/gradients/Conv2DBackpropInput_45Conv2DBackpropInputtower_1/conv1/MaxPool_32tower_1/conv4/Sum_41",/job:localhost/replica:0/task:0/device:GPU:1
ˇ
tower_3/input/Shape_39/_19_Recv",/job:localhost/replica:0/task:0/device:GPU:1*.
tensor_nameedge_9_tower_3/input/Shape_39*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
ô
tower_1/bn1/ApplyMomentum_50ApplyMomentumtower_3/input/Shape_39/_19 tower_1/conv5/FusedBatchNormV3_5",/job:localhost/replica:0/task:0/device:GPU:1
|
$tower_1/bn1/ApplyMomentum_50/ghost_0Identitytower_1/bn1/ApplyMomentum_50",/job:localhost/replica:0/task:0/device:GPU:1
®
)tower_1/bn1/ApplyMomentum_50/ghost_0/moreIdentity$tower_1/bn1/ApplyMomentum_50/ghost_0^tower_1/bn1/ApplyMomentum_50",/job:localhost/replica:0/task:0/device:GPU:1
˛
tower_1/input/Cast_19/_23_Recv",/job:localhost/replica:0/task:0/device:GPU:1*.
tensor_nameedge_11_tower_1/input/Cast_19*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1

tower_1/loss/Conv2D_54Conv2Dtower_1/conv4/Sum_41tower_1/input/Cast_19/_23",/job:localhost/replica:0/task:0/device:GPU:1
Å
tower_1/conv4/BiasAdd_58BiasAddtower_1/loss/Conv2D_54tower_1/loss/Conv2D_54",/job:localhost/replica:0/task:0/device:GPU:1
°
tower_1/conv3/MaxPool_63MaxPooltower_1/bn1/ApplyMomentum_50tower_1/loss/Conv2D_54tower_1/conv4/BiasAdd_58",/job:localhost/replica:0/task:0/device:GPU:1
Å
tower_1/conv2/AddV2_67AddV2tower_1/conv3/MaxPool_63tower_1/conv4/BiasAdd_58",/job:localhost/replica:0/task:0/device:GPU:1
¯
IteratorGetNext_69/_27_Recv",/job:localhost/replica:0/task:0/device:GPU:1*+
tensor_nameedge_13_IteratorGetNext_69*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
{
tower_1/bn3/MatMul_72MatMulIteratorGetNext_9/_7IteratorGetNext_69/_27",/job:localhost/replica:0/task:0/device:GPU:1
°
)tower_1/gradients/FusedBatchNormGradV3_76FusedBatchNormGradV3tower_1/loss/Conv2D_54tower_1/conv3/MaxPool_63",/job:localhost/replica:0/task:0/device:GPU:1
√
tower_1/fc1/BiasAdd_81BiasAdd+tower_1/gradients/FusedBatchNormGradV3_76:1+tower_1/gradients/FusedBatchNormGradV3_76:1tower_1/conv3/MaxPool_63",/job:localhost/replica:0/task:0/device:GPU:1
p
tower_1/fc1/BiasAdd_81/ghost_0Identitytower_1/fc1/BiasAdd_81",/job:localhost/replica:0/task:0/device:GPU:1
ò
tower_1/conv4/Conv2D_85Conv2Dtower_1/bn1/ApplyMomentum_50)tower_1/gradients/FusedBatchNormGradV3_76",/job:localhost/replica:0/task:0/device:GPU:1
§
,tower_3/gradients/Conv2DBackpropInput_83/_29_Recv",/job:localhost/replica:0/task:0/device:GPU:1*A
tensor_name20edge_14_tower_3/gradients/Conv2DBackpropInput_83*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:3*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
∞
tower_1/pool1/Conv2D_90Conv2D^tower_1/fc1/BiasAdd_81,tower_3/gradients/Conv2DBackpropInput_83/_29tower_1/conv1/MaxPool_32",/job:localhost/replica:0/task:0/device:GPU:1
ñ
!tower_1/conv4/FusedBatchNormV3_94FusedBatchNormV3tower_1/pool1/Conv2D_90tower_1/conv3/MaxPool_63",/job:localhost/replica:0/task:0/device:GPU:1
å
$tower_1/conv5/Conv2DBackpropInput_98Conv2DBackpropInput!tower_1/conv4/FusedBatchNormV3_94",/job:localhost/replica:0/task:0/device:GPU:1
u
tower_1/fc2/Reshape_103Reshape#tower_1/conv4/FusedBatchNormV3_94:1",/job:localhost/replica:0/task:0/device:GPU:1
ê
tower_1/gradients/Conv2D_107Conv2D!tower_1/conv4/FusedBatchNormV3_94tower_1/fc2/Reshape_103",/job:localhost/replica:0/task:0/device:GPU:1
õ
tower_1/pool1/Conv2D_90/_32_Sendtower_1/pool1/Conv2D_90",/job:localhost/replica:0/task:0/device:GPU:1*0
tensor_name!edge_16_tower_1/pool1/Conv2D_90*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:1*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:3
õ
tower_1/fc2/Reshape_103/_34_Sendtower_1/fc2/Reshape_103",/job:localhost/replica:0/task:0/device:GPU:1*0
tensor_name!edge_17_tower_1/fc2/Reshape_103*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:1*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
ã
tower_1/pool1/AddV2_112AddV2#tower_1/conv4/FusedBatchNormV3_94:1IteratorGetNext_69/_27",/job:localhost/replica:0/task:0/device:GPU:1
r
tower_1/pool1/AddV2_112/ghost_0Identitytower_1/pool1/AddV2_112",/job:localhost/replica:0/task:0/device:GPU:1
ô
$tower_1/pool1/AddV2_112/ghost_0/moreIdentitytower_1/pool1/AddV2_112/ghost_0^tower_1/pool1/AddV2_112",/job:localhost/replica:0/task:0/device:GPU:1
∂
tower_1/pool1/ApplyMomentum_116ApplyMomentumtower_1/pool1/AddV2_112tower_1/pool1/AddV2_112$tower_1/conv5/Conv2DBackpropInput_98",/job:localhost/replica:0/task:0/device:GPU:1
i
tower_1/bn1/BiasAdd_121BiasAddtower_1/conv4/Conv2D_85",/job:localhost/replica:0/task:0/device:GPU:1
é
tower_1/pool2/Conv2D_125Conv2Dtower_1/pool1/AddV2_112#tower_1/conv4/FusedBatchNormV3_94:1",/job:localhost/replica:0/task:0/device:GPU:1

tower_1/bn3/AddV2_130AddV2tower_1/pool2/Conv2D_125tower_1/pool1/AddV2_112",/job:localhost/replica:0/task:0/device:GPU:1
Ö
%tower_1/loss/FusedBatchNormGradV3_134FusedBatchNormGradV3tower_1/pool2/Conv2D_125",/job:localhost/replica:0/task:0/device:GPU:1
´
%tower_1/conv3/Conv2DBackpropInput_138Conv2DBackpropInputtower_1/pool2/Conv2D_125%tower_1/loss/FusedBatchNormGradV3_134",/job:localhost/replica:0/task:0/device:GPU:1
ì
&tower_1/pool1/Conv2DBackpropFilter_143Conv2DBackpropFilter%tower_1/conv3/Conv2DBackpropInput_138",/job:localhost/replica:0/task:0/device:GPU:1
ò
tower_1/bn2/Mul_147Mul'tower_1/loss/FusedBatchNormGradV3_134:1%tower_1/conv3/Conv2DBackpropInput_138",/job:localhost/replica:0/task:0/device:GPU:1
k
tower_1/conv4/ReluGrad_152ReluGradtower_1/bn3/AddV2_130",/job:localhost/replica:0/task:0/device:GPU:1
í
$tower_1/fc1/FusedBatchNormGradV3_156FusedBatchNormGradV3&tower_1/pool1/Conv2DBackpropFilter_143",/job:localhost/replica:0/task:0/device:GPU:1
t
tower_1/bn2/MatMul_161MatMul$tower_1/fc1/FusedBatchNormGradV3_156",/job:localhost/replica:0/task:0/device:GPU:1
¸
IteratorGetNext_159/_47_Recv",/job:localhost/replica:0/task:0/device:GPU:1*.
tensor_nameedge_23_IteratorGetNext_159:1*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
y
tower_1/fc1/Sum_165SumIteratorGetNext_159/_47tower_1/bn2/MatMul_161",/job:localhost/replica:0/task:0/device:GPU:1
í
tower_1/bn1/Identity_170Identity&tower_1/fc1/FusedBatchNormGradV3_156:1tower_1/bn2/MatMul_161",/job:localhost/replica:0/task:0/device:GPU:1
≥
#tower_1/conv2/ApplyMomentum_178/_52_Sendtower_1/conv2/ApplyMomentum_178",/job:localhost/replica:0/task:0/device:GPU:1*8
tensor_name)'edge_26_tower_1/conv2/ApplyMomentum_178*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:1*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
Å
tower_1/conv3/AddV2_183AddV2tower_1/bn1/Identity_170IteratorGetNext_159/_47",/job:localhost/replica:0/task:0/device:GPU:1
â
tower_1/gradients/MaxPool_187MaxPooltower_1/conv3/AddV2_183tower_1/bn3/ReluGrad_174",/job:localhost/replica:0/task:0/device:GPU:1
ê
tower_1/conv5/Reshape_192Reshapetower_1/gradients/MaxPool_187tower_1/gradients/MaxPool_187",/job:localhost/replica:0/task:0/device:GPU:1
é
!tower_2/fc2/ApplyMomentum_193/_55_Recv",/job:localhost/replica:0/task:0/device:GPU:1*6
tensor_name'%edge_27_tower_2/fc2/ApplyMomentum_193*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:2*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
Ä
tower_0/input/Cast_179/_57_Recv",/job:localhost/replica:0/task:0/device:GPU:1*/
tensor_name edge_28_tower_0/input/Cast_179*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
ë
tower_1/conv2/BiasAdd_196BiasAdd!tower_2/fc2/ApplyMomentum_193/_55tower_0/input/Cast_179/_57",/job:localhost/replica:0/task:0/device:GPU:1
m
tower_1/gradients/AddV2_201AddV2tower_1/conv5/Reshape_192",/job:localhost/replica:0/task:0/device:GPU:1
ñ
tower_1/conv4/Sum_205Sumtower_1/conv3/AddV2_183tower_1/bn1/Identity_170tower_1/conv3/AddV2_183",/job:localhost/replica:0/task:0/device:GPU:1
à
tower_1/bn2/MaxPool_210MaxPooltower_1/conv2/BiasAdd_196tower_1/gradients/AddV2_201",/job:localhost/replica:0/task:0/device:GPU:1–J
O
tower_2/loss/Reshape_2Reshape",/job:localhost/replica:0/task:0/device:GPU:2
Ä
tower_2/fc1/ReluGrad_6ReluGradtower_2/loss/Reshape_2tower_2/loss/Reshape_2",/job:localhost/replica:0/task:0/device:GPU:2
à
tower_3/fc2/ApplyMomentum_3/_1_Recv",/job:localhost/replica:0/task:0/device:GPU:2*3
tensor_name$"edge_0_tower_3/fc2/ApplyMomentum_3*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:3*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
ç
tower_2/gradients/Reshape_11Reshapetower_3/fc2/ApplyMomentum_3/_1tower_2/loss/Reshape_2",/job:localhost/replica:0/task:0/device:GPU:2
m
tower_2/fc1/MaxPool_15MaxPooltower_2/gradients/Reshape_11",/job:localhost/replica:0/task:0/device:GPU:2
õ
tower_2/bn2/Mul_20Multower_2/gradients/Reshape_11tower_2/gradients/Reshape_11tower_2/fc1/MaxPool_15",/job:localhost/replica:0/task:0/device:GPU:2
}
#tower_2/fc2/Conv2DBackpropFilter_24Conv2DBackpropFiltertower_2/bn2/Mul_20",/job:localhost/replica:0/task:0/device:GPU:2
ô
tower_2/loss/ApplyMomentum_28ApplyMomentumtower_2/loss/Reshape_2#tower_2/fc2/Conv2DBackpropFilter_24",/job:localhost/replica:0/task:0/device:GPU:2
ˆ
IteratorGetNext_9/_9_Recv",/job:localhost/replica:0/task:0/device:GPU:2*+
tensor_nameedge_4_IteratorGetNext_9:1*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
§
)tower_2/gradients/Conv2DBackpropFilter_33Conv2DBackpropFilterIteratorGetNext_9/_9^tower_2/gradients/Reshape_11",/job:localhost/replica:0/task:0/device:GPU:2
ß
tower_2/pool2/ApplyMomentum_37ApplyMomentumtower_2/loss/ApplyMomentum_28)tower_2/gradients/Conv2DBackpropFilter_33",/job:localhost/replica:0/task:0/device:GPU:2
Ä
&tower_2/pool2/ApplyMomentum_37/ghost_0Identitytower_2/pool2/ApplyMomentum_37",/job:localhost/replica:0/task:0/device:GPU:2
Æ
+tower_2/pool2/ApplyMomentum_37/ghost_0/moreIdentity&tower_2/pool2/ApplyMomentum_37/ghost_0^tower_2/pool2/ApplyMomentum_37",/job:localhost/replica:0/task:0/device:GPU:2
è
tower_2/pool1/Conv2D_42Conv2Dtower_2/pool2/ApplyMomentum_37tower_2/pool2/ApplyMomentum_37",/job:localhost/replica:0/task:0/device:GPU:2
ô
'tower_3/bn1/FusedBatchNormGradV3_38/_13_Recv",/job:localhost/replica:0/task:0/device:GPU:2*;
tensor_name,*edge_6_tower_3/bn1/FusedBatchNormGradV3_38*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:3*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
…
$tower_2/conv1/Conv2DBackpropInput_46Conv2DBackpropInputtower_2/pool1/Conv2D_42tower_2/gradients/Reshape_11'tower_3/bn1/FusedBatchNormGradV3_38/_13",/job:localhost/replica:0/task:0/device:GPU:2
˛
tower_1/input/Cast_19/_21_Recv",/job:localhost/replica:0/task:0/device:GPU:2*.
tensor_nameedge_10_tower_1/input/Cast_19*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
ê
tower_2/conv3/Conv2D_51Conv2D$tower_2/conv1/Conv2DBackpropInput_46tower_1/input/Cast_19/_21",/job:localhost/replica:0/task:0/device:GPU:2
j
tower_2/gradients/AddV2_55AddV2tower_2/conv3/Conv2D_51",/job:localhost/replica:0/task:0/device:GPU:2
ê
tower_2/conv1/Reshape_60Reshapetower_2/conv3/Conv2D_51$tower_2/conv1/Conv2DBackpropInput_46",/job:localhost/replica:0/task:0/device:GPU:2
ù
tower_2/conv3/AddV2_64AddV2tower_2/conv1/Reshape_60tower_2/gradients/AddV2_55tower_2/conv1/Reshape_60",/job:localhost/replica:0/task:0/device:GPU:2
Ä
tower_3/input/Shape_39/_25_Recv",/job:localhost/replica:0/task:0/device:GPU:2*/
tensor_name edge_12_tower_3/input/Shape_39*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
™
tower_2/bn1/Relu_68Relutower_3/input/Shape_39/_25tower_2/conv1/Reshape_60)tower_2/gradients/Conv2DBackpropFilter_33",/job:localhost/replica:0/task:0/device:GPU:2
k
tower_2/pool1/MaxPool_73MaxPooltower_2/conv1/Reshape_60",/job:localhost/replica:0/task:0/device:GPU:2
ê
!tower_2/conv4/FusedBatchNormV3_77FusedBatchNormV3tower_2/conv3/AddV2_64tower_2/bn1/Relu_68",/job:localhost/replica:0/task:0/device:GPU:2
¶
tower_2/pool2/MaxPool_82MaxPooltower_2/conv3/Conv2D_51!tower_2/conv4/FusedBatchNormV3_77tower_2/conv3/Conv2D_51",/job:localhost/replica:0/task:0/device:GPU:2
Ü
tower_2/fc1/AddV2_86AddV2tower_2/conv3/AddV2_64!tower_2/conv4/FusedBatchNormV3_77",/job:localhost/replica:0/task:0/device:GPU:2
}
tower_2/conv1/AddV2_91AddV2tower_2/pool1/MaxPool_73tower_2/fc1/AddV2_86",/job:localhost/replica:0/task:0/device:GPU:2
í
 tower_2/loss/FusedBatchNormV3_95FusedBatchNormV3tower_2/conv1/AddV2_91tower_2/conv1/AddV2_91",/job:localhost/replica:0/task:0/device:GPU:2
ô
tower_2/loss/Reshape_100Reshape"tower_2/loss/FusedBatchNormV3_95:1"tower_2/loss/FusedBatchNormV3_95:1",/job:localhost/replica:0/task:0/device:GPU:2
à
)tower_2/gradients/Conv2DBackpropInput_104Conv2DBackpropInputtower_2/loss/Reshape_100",/job:localhost/replica:0/task:0/device:GPU:2
≥
tower_2/pool1/Identity_108Identitytower_2/conv1/AddV2_91)tower_2/gradients/Conv2DBackpropInput_104tower_3/input/Shape_39/_25",/job:localhost/replica:0/task:0/device:GPU:2
©
tower_2/fc2/MaxPool_113MaxPool!^tower_2/loss/FusedBatchNormV3_95tower_2/pool1/Identity_108tower_2/loss/Reshape_100",/job:localhost/replica:0/task:0/device:GPU:2
i
tower_2/conv3/Conv2D_117Conv2Dtower_2/fc2/MaxPool_113",/job:localhost/replica:0/task:0/device:GPU:2
j
tower_2/pool2/Conv2D_122Conv2Dtower_2/conv3/Conv2D_117",/job:localhost/replica:0/task:0/device:GPU:2
ü
tower_2/bn3/MaxPool_126MaxPooltower_2/pool2/Conv2D_122^tower_2/conv3/Conv2D_117tower_2/pool2/Conv2D_122",/job:localhost/replica:0/task:0/device:GPU:2
˙
IteratorGetNext_69/_39_Recv",/job:localhost/replica:0/task:0/device:GPU:2*-
tensor_nameedge_19_IteratorGetNext_69:1*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
†
tower_2/conv1/ReluGrad_131ReluGradtower_2/conv3/Conv2D_117IteratorGetNext_69/_39tower_2/conv3/Conv2D_117",/job:localhost/replica:0/task:0/device:GPU:2
ë
tower_2/pool1/ApplyMomentum_135ApplyMomentumtower_2/conv3/Conv2D_117tower_2/bn3/MaxPool_126",/job:localhost/replica:0/task:0/device:GPU:2
v
tower_2/conv2/Identity_140Identity tower_2/loss/FusedBatchNormV3_95",/job:localhost/replica:0/task:0/device:GPU:2
ê
tower_2/conv2/ApplyMomentum_144ApplyMomentumtower_2/conv2/Identity_140tower_2/fc1/AddV2_86",/job:localhost/replica:0/task:0/device:GPU:2
»
%tower_2/pool1/Conv2DBackpropInput_148Conv2DBackpropInputtower_2/conv2/ApplyMomentum_144tower_2/conv2/ApplyMomentum_144tower_2/conv2/Identity_140",/job:localhost/replica:0/task:0/device:GPU:2
í
tower_2/gradients/AddV2_153AddV2tower_2/bn3/MaxPool_126%tower_2/pool1/Conv2DBackpropInput_148",/job:localhost/replica:0/task:0/device:GPU:2
b
tower_2/loss/Mul_157Multower_2/bn3/MaxPool_126",/job:localhost/replica:0/task:0/device:GPU:2
ë
tower_2/bn2/Sum_162Sumtower_2/gradients/AddV2_153tower_2/loss/Mul_157tower_2/loss/Mul_157",/job:localhost/replica:0/task:0/device:GPU:2
H
tower_2/bn3/Mul_166Mul",/job:localhost/replica:0/task:0/device:GPU:2
¸
IteratorGetNext_159/_51_Recv",/job:localhost/replica:0/task:0/device:GPU:2*.
tensor_nameedge_25_IteratorGetNext_159:1*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
é
tower_2/conv3/Sum_171Sumtower_2/loss/Mul_157tower_2/bn2/Sum_162IteratorGetNext_159/_51",/job:localhost/replica:0/task:0/device:GPU:2
ó
tower_2/bn1/Mul_175Multower_2/conv1/ReluGrad_131tower_2/gradients/AddV2_153tower_2/loss/Mul_157",/job:localhost/replica:0/task:0/device:GPU:2

%tower_2/conv1/Conv2DBackpropInput_180Conv2DBackpropInputtower_2/bn1/Mul_175",/job:localhost/replica:0/task:0/device:GPU:2
ó
tower_2/gradients/MaxPool_184MaxPooltower_2/conv3/Sum_171tower_2/bn1/Mul_175tower_2/bn3/Mul_166",/job:localhost/replica:0/task:0/device:GPU:2
é
tower_2/conv4/Reshape_188Reshapetower_2/bn1/Mul_175%tower_2/conv1/Conv2DBackpropInput_180",/job:localhost/replica:0/task:0/device:GPU:2
v
!tower_2/conv4/Reshape_188/ghost_0Identitytower_2/conv4/Reshape_188",/job:localhost/replica:0/task:0/device:GPU:2
ü
&tower_2/conv4/Reshape_188/ghost_0/moreIdentity!tower_2/conv4/Reshape_188/ghost_0^tower_2/conv4/Reshape_188",/job:localhost/replica:0/task:0/device:GPU:2
w
tower_2/fc2/ApplyMomentum_193ApplyMomentumtower_2/conv4/Reshape_188",/job:localhost/replica:0/task:0/device:GPU:2
≠
!tower_2/fc2/ApplyMomentum_193/_54_Sendtower_2/fc2/ApplyMomentum_193",/job:localhost/replica:0/task:0/device:GPU:2*6
tensor_name'%edge_27_tower_2/fc2/ApplyMomentum_193*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:2*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
Ä
%tower_2/loss/FusedBatchNormGradV3_197FusedBatchNormGradV3tower_2/bn1/Mul_175",/job:localhost/replica:0/task:0/device:GPU:2
ñ
tower_2/gradients/Mul_202Mul'tower_2/loss/FusedBatchNormGradV3_197:1tower_2/fc2/ApplyMomentum_193",/job:localhost/replica:0/task:0/device:GPU:2
y
tower_2/bn1/BiasAdd_206BiasAdd'tower_2/loss/FusedBatchNormGradV3_197:1",/job:localhost/replica:0/task:0/device:GPU:2
Ç
tower_2/fc2/Relu_211Relutower_2/fc2/ApplyMomentum_193tower_2/bn1/BiasAdd_206",/job:localhost/replica:0/task:0/device:GPU:2◊O
Z
tower_3/fc2/ApplyMomentum_3ApplyMomentum",/job:localhost/replica:0/task:0/device:GPU:3
°
tower_3/conv1/Relu_7Relutower_3/fc2/ApplyMomentum_3tower_3/fc2/ApplyMomentum_3tower_3/fc2/ApplyMomentum_3",/job:localhost/replica:0/task:0/device:GPU:3
•
tower_3/fc2/ApplyMomentum_3/_0_Sendtower_3/fc2/ApplyMomentum_3",/job:localhost/replica:0/task:0/device:GPU:3*3
tensor_name$"edge_0_tower_3/fc2/ApplyMomentum_3*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:3*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
á
tower_3/bn3/Conv2D_12Conv2Dtower_3/fc2/ApplyMomentum_3tower_3/fc2/ApplyMomentum_3",/job:localhost/replica:0/task:0/device:GPU:3
ô
%tower_3/pool2/FusedBatchNormGradV3_16FusedBatchNormGradV3tower_3/bn3/Conv2D_12tower_3/bn3/Conv2D_12",/job:localhost/replica:0/task:0/device:GPU:3
ì
tower_3/conv2/ReluGrad_21ReluGradtower_3/bn3/Conv2D_12'tower_3/pool2/FusedBatchNormGradV3_16:1",/job:localhost/replica:0/task:0/device:GPU:3
¸
tower_1/input/Cast_19/_3_Recv",/job:localhost/replica:0/task:0/device:GPU:3*-
tensor_nameedge_1_tower_1/input/Cast_19*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:3
≠
tower_3/conv2/Conv2D_25Conv2Dtower_3/fc2/ApplyMomentum_3%tower_3/pool2/FusedBatchNormGradV3_16tower_1/input/Cast_19/_3",/job:localhost/replica:0/task:0/device:GPU:3
x
tower_3/bn2/BiasAdd_30BiasAdd'tower_3/pool2/FusedBatchNormGradV3_16:1",/job:localhost/replica:0/task:0/device:GPU:3
p
tower_3/bn2/BiasAdd_30/ghost_0Identitytower_3/bn2/BiasAdd_30",/job:localhost/replica:0/task:0/device:GPU:3
ñ
#tower_3/bn2/BiasAdd_30/ghost_0/moreIdentitytower_3/bn2/BiasAdd_30/ghost_0^tower_3/bn2/BiasAdd_30",/job:localhost/replica:0/task:0/device:GPU:3
Ç
#tower_3/bn1/FusedBatchNormGradV3_34FusedBatchNormGradV3tower_3/conv2/Conv2D_25",/job:localhost/replica:0/task:0/device:GPU:3
Õ
#tower_3/bn1/FusedBatchNormGradV3_38FusedBatchNormGradV3tower_3/bn2/BiasAdd_30#tower_3/bn1/FusedBatchNormGradV3_34%tower_3/bn1/FusedBatchNormGradV3_34:1",/job:localhost/replica:0/task:0/device:GPU:3
í
tower_3/conv2/Reshape_43Reshape%tower_3/bn1/FusedBatchNormGradV3_34:1tower_1/input/Cast_19/_3",/job:localhost/replica:0/task:0/device:GPU:3
æ
'tower_3/bn1/FusedBatchNormGradV3_38/_12_Send#tower_3/bn1/FusedBatchNormGradV3_38",/job:localhost/replica:0/task:0/device:GPU:3*;
tensor_name,*edge_6_tower_3/bn1/FusedBatchNormGradV3_38*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:3*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
˜
IteratorGetNext_9/_15_Recv",/job:localhost/replica:0/task:0/device:GPU:3*+
tensor_nameedge_7_IteratorGetNext_9:1*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:3
ø
%tower_3/conv4/FusedBatchNormGradV3_47FusedBatchNormGradV3tower_3/bn2/BiasAdd_30#tower_3/bn1/FusedBatchNormGradV3_34IteratorGetNext_9/_15",/job:localhost/replica:0/task:0/device:GPU:3
ê
-tower_3/conv4/FusedBatchNormGradV3_47/ghost_1Identity'tower_3/conv4/FusedBatchNormGradV3_47:1",/job:localhost/replica:0/task:0/device:GPU:3
õ
tower_3/bn2/Relu_52Relu'tower_3/conv4/FusedBatchNormGradV3_47:1'tower_3/conv4/FusedBatchNormGradV3_47:1",/job:localhost/replica:0/task:0/device:GPU:3
ã
tower_3/fc2/MaxPool_56MaxPooltower_3/bn2/Relu_52%tower_3/bn1/FusedBatchNormGradV3_38:1",/job:localhost/replica:0/task:0/device:GPU:3
ä
tower_3/bn1/AddV2_61AddV2tower_3/fc2/MaxPool_56%tower_3/conv4/FusedBatchNormGradV3_47",/job:localhost/replica:0/task:0/device:GPU:3
x
tower_3/conv4/MaxPool_65MaxPool%tower_3/conv4/FusedBatchNormGradV3_47",/job:localhost/replica:0/task:0/device:GPU:3
}
tower_3/fc1/Relu_70Relutower_3/conv4/MaxPool_65tower_3/conv4/MaxPool_65",/job:localhost/replica:0/task:0/device:GPU:3
í
tower_3/conv3/Conv2D_74Conv2Dtower_3/conv4/MaxPool_65'tower_3/conv4/FusedBatchNormGradV3_47:1",/job:localhost/replica:0/task:0/device:GPU:3
Ç
tower_3/conv5/Conv2D_78Conv2Dtower_3/conv3/Conv2D_74tower_3/conv4/MaxPool_65",/job:localhost/replica:0/task:0/device:GPU:3
ß
(tower_3/gradients/Conv2DBackpropInput_83Conv2DBackpropInputtower_3/bn2/Relu_52#tower_3/bn1/FusedBatchNormGradV3_34",/job:localhost/replica:0/task:0/device:GPU:3
í
tower_3/fc1/Reshape_87Reshapetower_3/conv3/Conv2D_74(tower_3/gradients/Conv2DBackpropInput_83",/job:localhost/replica:0/task:0/device:GPU:3
p
tower_3/fc1/Reshape_87/ghost_0Identitytower_3/fc1/Reshape_87",/job:localhost/replica:0/task:0/device:GPU:3
ñ
#tower_3/fc1/Reshape_87/ghost_0/moreIdentitytower_3/fc1/Reshape_87/ghost_0^tower_3/fc1/Reshape_87",/job:localhost/replica:0/task:0/device:GPU:3
Œ
,tower_3/gradients/Conv2DBackpropInput_83/_28_Send(tower_3/gradients/Conv2DBackpropInput_83",/job:localhost/replica:0/task:0/device:GPU:3*A
tensor_name20edge_14_tower_3/gradients/Conv2DBackpropInput_83*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:3*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
v
tower_3/fc1/Relu_92Relutower_3/fc1/Reshape_87tower_3/fc1/Relu_70",/job:localhost/replica:0/task:0/device:GPU:3
≥
tower_3/pool2/ApplyMomentum_96ApplyMomentumtower_3/fc1/Reshape_87tower_3/fc1/Relu_92'tower_3/conv4/FusedBatchNormGradV3_47:1",/job:localhost/replica:0/task:0/device:GPU:3
å
tower_3/bn2/AddV2_101AddV2tower_3/pool2/ApplyMomentum_96tower_3/pool2/ApplyMomentum_96",/job:localhost/replica:0/task:0/device:GPU:3
e
tower_3/conv2/AddV2_105AddV2tower_3/bn2/AddV2_101",/job:localhost/replica:0/task:0/device:GPU:3
Ç
tower_1/pool1/Conv2D_90/_33_Recv",/job:localhost/replica:0/task:0/device:GPU:3*0
tensor_name!edge_16_tower_1/pool1/Conv2D_90*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:1*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:3
ß
%tower_3/conv1/Conv2DBackpropInput_110Conv2DBackpropInputtower_1/pool1/Conv2D_90/_33tower_3/pool2/ApplyMomentum_96",/job:localhost/replica:0/task:0/device:GPU:3
h
tower_3/conv4/Reshape_114Reshapetower_3/bn1/AddV2_61",/job:localhost/replica:0/task:0/device:GPU:3
≈
)tower_3/conv1/Conv2DBackpropInput_110/_36_Send%tower_3/conv1/Conv2DBackpropInput_110",/job:localhost/replica:0/task:0/device:GPU:3*>
tensor_name/-edge_18_tower_3/conv1/Conv2DBackpropInput_110*=
send_device.,/job:localhost/replica:0/task:0/device:GPU:3*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
Ä
tower_3/conv3/AddV2_118AddV2tower_3/bn2/AddV2_101tower_3/conv4/Reshape_114",/job:localhost/replica:0/task:0/device:GPU:3

tower_3/loss/AddV2_123AddV2tower_3/conv2/AddV2_105tower_3/conv2/AddV2_105",/job:localhost/replica:0/task:0/device:GPU:3
Ö
tower_3/conv3/Identity_127Identitytower_3/conv3/AddV2_118tower_3/fc2/MaxPool_56",/job:localhost/replica:0/task:0/device:GPU:3
Ç
tower_2/input/Const_129/_41_Recv",/job:localhost/replica:0/task:0/device:GPU:3*0
tensor_name!edge_20_tower_2/input/Const_129*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:3
Ü
tower_3/bn2/MaxPool_132MaxPooltower_3/conv3/AddV2_118tower_2/input/Const_129/_41",/job:localhost/replica:0/task:0/device:GPU:3
l
tower_3/conv5/ReluGrad_141ReluGradtower_3/loss/AddV2_123",/job:localhost/replica:0/task:0/device:GPU:3
¬
"tower_3/conv5/FusedBatchNormV3_145FusedBatchNormV3tower_3/conv5/ReluGrad_141tower_3/conv5/ReluGrad_141$tower_3/conv5/FusedBatchNormV3_136:1",/job:localhost/replica:0/task:0/device:GPU:3
é
tower_3/conv4/Relu_150Relutower_3/conv5/ReluGrad_141$tower_3/conv5/FusedBatchNormV3_145:1",/job:localhost/replica:0/task:0/device:GPU:3
ô
tower_3/fc1/AddV2_154AddV2$tower_3/conv5/FusedBatchNormV3_145:1%tower_3/conv1/Conv2DBackpropInput_110",/job:localhost/replica:0/task:0/device:GPU:3
ù
tower_3/conv1/BiasAdd_158BiasAddtower_3/conv4/Relu_150tower_3/fc1/AddV2_154tower_3/conv5/ReluGrad_141",/job:localhost/replica:0/task:0/device:GPU:3
∫
tower_3/bn3/Reshape_163Reshape$tower_3/conv5/FusedBatchNormV3_136:1"tower_3/conv5/FusedBatchNormV3_136tower_3/pool2/ApplyMomentum_96",/job:localhost/replica:0/task:0/device:GPU:3
Ç
tower_3/input/Shape_149/_49_Recv",/job:localhost/replica:0/task:0/device:GPU:3*0
tensor_name!edge_24_tower_3/input/Shape_149*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:3
£
tower_3/fc2/Identity_167Identitytower_3/conv1/BiasAdd_158tower_3/bn3/Reshape_163tower_3/input/Shape_149/_49",/job:localhost/replica:0/task:0/device:GPU:3
~
"tower_3/conv5/FusedBatchNormV3_172FusedBatchNormV3tower_3/fc2/Identity_167",/job:localhost/replica:0/task:0/device:GPU:3
É
tower_3/pool1/MatMul_176MatMultower_3/fc2/Identity_167tower_3/bn2/MaxPool_132",/job:localhost/replica:0/task:0/device:GPU:3
|
tower_3/bn1/Mul_181Multower_3/input/Shape_149/_49tower_3/fc1/AddV2_154",/job:localhost/replica:0/task:0/device:GPU:3
Ñ
$tower_3/bn2/Conv2DBackpropFilter_185Conv2DBackpropFiltertower_3/pool1/MatMul_176",/job:localhost/replica:0/task:0/device:GPU:3
ò
tower_3/gradients/AddV2_190AddV2tower_3/pool1/MatMul_176tower_3/bn1/Mul_181tower_3/fc1/AddV2_154",/job:localhost/replica:0/task:0/device:GPU:3
x
tower_3/conv3/BiasAdd_194BiasAdd$tower_3/bn2/Conv2DBackpropFilter_185",/job:localhost/replica:0/task:0/device:GPU:3
v
!tower_3/conv3/BiasAdd_194/ghost_0Identitytower_3/conv3/BiasAdd_194",/job:localhost/replica:0/task:0/device:GPU:3
ü
&tower_3/conv3/BiasAdd_194/ghost_0/moreIdentity!tower_3/conv3/BiasAdd_194/ghost_0^tower_3/conv3/BiasAdd_194",/job:localhost/replica:0/task:0/device:GPU:3
Ü
%tower_3/loss/FusedBatchNormGradV3_198FusedBatchNormGradV3tower_3/conv3/BiasAdd_194",/job:localhost/replica:0/task:0/device:GPU:3
ä
tower_3/bn1/AddV2_203AddV2'tower_3/loss/FusedBatchNormGradV3_198:1tower_3/bn1/Mul_181",/job:localhost/replica:0/task:0/device:GPU:3
Ñ
tower_3/bn3/Reshape_207Reshapetower_3/bn1/AddV2_203tower_3/gradients/AddV2_190",/job:localhost/replica:0/task:0/device:GPU:3 B
R
IteratorGetNext_9IteratorGetNext",/job:localhost/replica:0/task:0/device:CPU:0
`
tower_1/input/Cast_19CastIteratorGetNext_9:1",/job:localhost/replica:0/task:0/device:CPU:0
ì
tower_1/input/Cast_19/_2_Sendtower_1/input/Cast_19",/job:localhost/replica:0/task:0/device:CPU:0*-
tensor_nameedge_1_tower_1/input/Cast_19*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:3
á
IteratorGetNext_9/_4_SendIteratorGetNext_9",/job:localhost/replica:0/task:0/device:CPU:0*)
tensor_nameedge_2_IteratorGetNext_9*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
s
tower_2/input/NoOp_29NoOpIteratorGetNext_9IteratorGetNext_9:1",/job:localhost/replica:0/task:0/device:CPU:0
n
tower_2/input/NoOp_29/ghost_0Identitytower_2/input/NoOp_29",/job:localhost/replica:0/task:0/device:CPU:0
ì
"tower_2/input/NoOp_29/ghost_0/moreIdentitytower_2/input/NoOp_29/ghost_0^tower_2/input/NoOp_29",/job:localhost/replica:0/task:0/device:CPU:0
á
IteratorGetNext_9/_6_SendIteratorGetNext_9",/job:localhost/replica:0/task:0/device:CPU:0*)
tensor_nameedge_3_IteratorGetNext_9*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
ã
IteratorGetNext_9/_8_SendIteratorGetNext_9:1",/job:localhost/replica:0/task:0/device:CPU:0*+
tensor_nameedge_4_IteratorGetNext_9:1*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
`
tower_3/input/Shape_39ShapeIteratorGetNext_9",/job:localhost/replica:0/task:0/device:CPU:0
å
IteratorGetNext_9/_14_SendIteratorGetNext_9:1",/job:localhost/replica:0/task:0/device:CPU:0*+
tensor_nameedge_7_IteratorGetNext_9:1*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:3
ó
tower_3/input/Shape_39/_16_Sendtower_3/input/Shape_39",/job:localhost/replica:0/task:0/device:CPU:0*.
tensor_nameedge_8_tower_3/input/Shape_39*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
u
tower_2/input/_Send_49_SendIteratorGetNext_9:1IteratorGetNext_9",/job:localhost/replica:0/task:0/device:CPU:0
ó
tower_3/input/Shape_39/_18_Sendtower_3/input/Shape_39",/job:localhost/replica:0/task:0/device:CPU:0*.
tensor_nameedge_9_tower_3/input/Shape_39*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
ï
tower_1/input/Cast_19/_20_Sendtower_1/input/Cast_19",/job:localhost/replica:0/task:0/device:CPU:0*.
tensor_nameedge_10_tower_1/input/Cast_19*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
ï
tower_1/input/Cast_19/_22_Sendtower_1/input/Cast_19",/job:localhost/replica:0/task:0/device:CPU:0*.
tensor_nameedge_11_tower_1/input/Cast_19*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
z
tower_1/input/Cast_59Casttower_1/input/Cast_19tower_3/input/Shape_39",/job:localhost/replica:0/task:0/device:CPU:0
ò
tower_3/input/Shape_39/_24_Sendtower_3/input/Shape_39",/job:localhost/replica:0/task:0/device:CPU:0*/
tensor_name edge_12_tower_3/input/Shape_39*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
}
IteratorGetNext_69IteratorGetNexttower_1/input/Cast_59IteratorGetNext_9",/job:localhost/replica:0/task:0/device:CPU:0
j
IteratorGetNext_69/ghost_1IdentityIteratorGetNext_69:1",/job:localhost/replica:0/task:0/device:CPU:0
ä
IteratorGetNext_69/ghost_1/moreIdentityIteratorGetNext_69/ghost_1^IteratorGetNext_69",/job:localhost/replica:0/task:0/device:CPU:0
å
IteratorGetNext_69/_26_SendIteratorGetNext_69",/job:localhost/replica:0/task:0/device:CPU:0*+
tensor_nameedge_13_IteratorGetNext_69*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
M
tower_1/input/_Recv_79_Recv",/job:localhost/replica:0/task:0/device:CPU:0
M
tower_3/input/_Recv_89_Recv",/job:localhost/replica:0/task:0/device:CPU:0
p
tower_3/input/_Recv_89/ghost_0Identitytower_3/input/_Recv_89",/job:localhost/replica:0/task:0/device:CPU:0
ñ
#tower_3/input/_Recv_89/ghost_0/moreIdentitytower_3/input/_Recv_89/ghost_0^tower_3/input/_Recv_89",/job:localhost/replica:0/task:0/device:CPU:0
ï
tower_1/input/Cast_19/_30_Sendtower_1/input/Cast_19",/job:localhost/replica:0/task:0/device:CPU:0*.
tensor_nameedge_15_tower_1/input/Cast_19*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
ä
tower_3/input/NoOp_99NoOpIteratorGetNext_69IteratorGetNext_69tower_1/input/Cast_59",/job:localhost/replica:0/task:0/device:CPU:0
N
tower_2/input/Const_109Const",/job:localhost/replica:0/task:0/device:CPU:0
N
tower_3/input/_Recv_119_Recv",/job:localhost/replica:0/task:0/device:CPU:0
N
tower_2/input/Const_129Const",/job:localhost/replica:0/task:0/device:CPU:0
ê
IteratorGetNext_69/_38_SendIteratorGetNext_69:1",/job:localhost/replica:0/task:0/device:CPU:0*-
tensor_nameedge_19_IteratorGetNext_69:1*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
õ
tower_2/input/Const_129/_40_Sendtower_2/input/Const_129",/job:localhost/replica:0/task:0/device:CPU:0*0
tensor_name!edge_20_tower_2/input/Const_129*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:3
õ
tower_2/input/Const_129/_42_Sendtower_2/input/Const_129",/job:localhost/replica:0/task:0/device:CPU:0*0
tensor_name!edge_21_tower_2/input/Const_129*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
c
tower_0/input/_Recv_139_RecvIteratorGetNext_9:1",/job:localhost/replica:0/task:0/device:CPU:0
Å
tower_3/input/Shape_149Shapetower_2/input/Const_129^tower_2/input/Const_129",/job:localhost/replica:0/task:0/device:CPU:0
m
IteratorGetNext_159IteratorGetNexttower_3/input/Shape_149",/job:localhost/replica:0/task:0/device:CPU:0
ì
IteratorGetNext_159/_44_SendIteratorGetNext_159:1",/job:localhost/replica:0/task:0/device:CPU:0*.
tensor_nameedge_22_IteratorGetNext_159:1*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:0
ì
IteratorGetNext_159/_46_SendIteratorGetNext_159:1",/job:localhost/replica:0/task:0/device:CPU:0*.
tensor_nameedge_23_IteratorGetNext_159:1*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
õ
tower_3/input/Shape_149/_48_Sendtower_3/input/Shape_149",/job:localhost/replica:0/task:0/device:CPU:0*0
tensor_name!edge_24_tower_3/input/Shape_149*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:3
|
tower_2/input/_Send_169_SendIteratorGetNext_159:1IteratorGetNext_159:1",/job:localhost/replica:0/task:0/device:CPU:0
ì
IteratorGetNext_159/_50_SendIteratorGetNext_159:1",/job:localhost/replica:0/task:0/device:CPU:0*.
tensor_nameedge_25_IteratorGetNext_159:1*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:2
x
tower_0/input/Cast_179CastIteratorGetNext_159:1IteratorGetNext_159",/job:localhost/replica:0/task:0/device:CPU:0
}
tower_0/input/Cast_189Casttower_0/input/Cast_179tower_3/input/Shape_149",/job:localhost/replica:0/task:0/device:CPU:0
ò
tower_0/input/Cast_179/_56_Sendtower_0/input/Cast_179",/job:localhost/replica:0/task:0/device:CPU:0*/
tensor_name edge_28_tower_0/input/Cast_179*=
send_device.,/job:localhost/replica:0/task:0/device:CPU:0*=
recv_device.,/job:localhost/replica:0/task:0/device:GPU:1
N
tower_2/input/Const_199Const",/job:localhost/replica:0/task:0/device:CPU:0
N
tower_1/input/_Recv_209_Recv",/job:localhost/replica:0/task:0/device:CPU:0