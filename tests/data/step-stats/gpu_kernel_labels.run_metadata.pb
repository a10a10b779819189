
ѓ
‘
,/job:localhost/replica:0/task:0/device:CPU:0l
inputЂЂђЅђжл (2
cpuЂ Ђ :-+  "Ђ Ђ cpu 0ЂЂЂЂ зBinput = Const()HэяЏЅђжлs
conv1/kernel‚ЂђЅђжл (:.,"$Ђcpu (0Ђ ЂЂ зBconv1/kernel = VariableV2()HяяЏЅђжл
Л
,/job:localhost/replica:0/task:0/device:GPU:0љ
conv1/Conv2D”ЂђЅђжл (2
	GPU_0_bfcЂ Ђ :31  "Ђ Ђ 	GPU_0_bfc 0ЂўЂЂ зB*conv1/Conv2D = Conv2D(input, conv1/kernel)H‘ЂђЅђжл~
MatMul_1ўЂђЅђжл (:-+"ЂЂ	GPU_0_bfc (0ЂВЂЂ зB+MatMul_1 = MatMul(conv1/Conv2D, MEMCPYHtoD)HџЂђЅђжл
М
/device:GPU:0/stream:allk
conv1/Conv2DЁЂђЅђжл (BCvolta_scudnn_128x64_relu_interior_nn_v1 @@conv1/Conv2D:Conv2D#id=1#HҐЂђЅђжл^
MatMul_1ИЂђЅђжл (B:sgemm_32x32x32_NN @@MatMul_1:MatMul#id=2,correlation_id=7#HЕЂђЅђжл9
	Relu:ReluОЂђЅђжл(Brelu_kernel @@Other:ReluHЛЂђЅђжл6
	Add:AddV2СЂђЅђжл(Badd#3 @@Sub:Sub#id=4#HОЂђЅђжл2
Mul:MulФЂђЅђжл(Bmul_kernel @@#id=5#HСЂђЅђжл%
Foo:BarЧЂђЅђжл(Bk @@x#HФЂђЅђжл1
NoColonЪЂђЅђжл(Bplain kernel labelHЧЂђЅђжл
a:b:cЭЂђЅђжл(HЪЂђЅђжлаЂђЅђжл(HЭЂђЅђжл/
Pad:PadгЂђЅђжл(Bpad @@:Pad#id=6#HаЂђЅђжл
м
/gpu:0/stream:7r
conv1/Conv2D:Conv2DЁЂђЅђжл (BCvolta_scudnn_128x64_relu_interior_nn_v1 @@conv1/Conv2D:Conv2D#id=1#HҐЂђЅђжлe
MatMul_1:MatMulИЂђЅђжл (B:sgemm_32x32x32_NN @@MatMul_1:MatMul#id=2,correlation_id=7#HЕЂђЅђжл
а
/gpu:0/memcpy‰

MEMCPYHtoDЉЂђЅђжл (:31  "Ђ Ђ 	GPU_0_bfc 0ЂЖЂЂ зB.MEMCPYHtoD 4096 bytes @@input:MEMCPYHtoD#id=8#H‡ЂђЅђжлC
MatMul_1:MEMCPYDtoHРЂђЅђжл (BMEMCPYDtoH 512 bytesHНЂђЅђжл