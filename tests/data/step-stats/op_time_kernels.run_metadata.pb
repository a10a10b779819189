
Ѕ

,/job:localhost/replica:0/task:0/device:GPU:0Z
AЂЂђЅђжл 	(
:+)"ЂЂ	GPU_0_bfc 0ЂЂЂЂ зBA = Conv2D(x, w)HэяЏЅђжл\
B”ЂђЅђжл (:-+ "ЂЂ	GPU_0_bfc (0Ђ€ЂЂ зBB = MatMul(A, w)H‘ЂђЅђжлY
CјЂђЅђжл (:+) "ЂЂ	GPU_0_bfc 0ЂЂЂ зBC = Identity(B)H№ЂђЅђжлW
DЖЂђЅђжл (:-+ "ЂЂ	GPU_0_bfc (0ЂЁЂЂ зBD = Relu(C)HГЂђЅђжлU
EРЂђЅђжл (:+) "ЂЂ	GPU_0_bfc 0ЂёЂЂ зBE = Relu(D)HНЂђЅђжлM
FЪЂђЅђжл:(&	"Ђ	GPU_0_bfc (0ЂИЂЂ зBF = Shape(E)HЧЂђЅђжл+
G·ЂђЅђжл (BG = AddN(A, B)HґЂђЅђжл'
HдЂђЅђжл (B
H = Neg(F)HбЂђЅђжл
Z
)/job:worker/replica:0/task:1/device:GPU:0-
A…ЂђЅђжл (BA = Conv2D(x, w)H‚ЂђЅђжл
:
/device:CPU:0)
AЃЂђЅђжл(BA = Conv2D(x, w)HюяЏЅђжл
љ
7/job:localhost/replica:0/task:0/device:GPU:0/stream:all+
H:NegоЂђЅђжл (B
neg_kernelHлЂђЅђжл2
AпЂђЅђжл(Ba_kernel @@A:Conv2D#id=1#HмЂђЅђжл
h
5/job:localhost/replica:0/task:0/device:GPU:0/stream:7/
BЊЂђЅђжл(Bsgemm @@B:MatMul#id=2#H‰ЂђЅђжл
є
/device:GPU:0/stream:allF
A:Conv2DћЂђЅђжл 	(
B"implicit_convolve @@A:Conv2D#id=1#H›ЂђЅђжл;
A:Conv2D­ЂђЅђжл (Bscudnn @@A:Conv2D#id=1#HЄЂђЅђжл:
B:MatMulЏЂђЅђжл 	(
Bsgemm @@B:MatMul#id=2#HЊЂђЅђжл)
E:ReluЦЂђЅђжл(Brelu_kernelHУЂђЅђжл2
F:ShapeЫЂђЅђжлBshape @@F:Shape#id=3#HШЂђЅђжл
D
/gpu:0/stream:71
D:ReluМЂђЅђжл(Brelu @@D:Relu#id=4#HЙЂђЅђжл