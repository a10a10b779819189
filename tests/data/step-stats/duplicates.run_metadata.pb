
І
я
,/job:localhost/replica:0/task:0/device:CPU:0R
dupЂЂђЅђжл 	(
:$""dЂcpu 0ЂЂЂЂ зBdup = Const()HэяЏЅђжл{
nЂЂђЅђжл (:&$"(Ђcpu (0Ђ‚ЂЂ з:&""<Ђcpu 0Ђ„ЂЂ зBn = Split(dup)HэяЏЅђжл
›
,/job:localhost/replica:0/task:0/device:GPU:0Z
n:1ѓЂђЅђжл (:,*"FЂ	GPU_0_bfc (0Ђ†ЂЂ зBn:1 = Const()HЂЂђЅђжлY
dup”ЂђЅђжл 	(
:+)"¬Ђ	GPU_0_bfc 0Ђ€ЂЂ зBdup = Const()H‘ЂђЅђжл4
useЁЂђЅђжл (Buse = Op(dup, n:1, n)HҐЂђЅђжл
Џ
,/job:localhost/replica:0/task:0/device:CPU:0T
dupІЂђЅђжл (:&$"2Ђcpu (0ЂЊЂЂ зBdup = Const()HЇЂђЅђжлV
other‚ЂђЅђжл (:$""Ђcpu 0ЂЋЂЂ зBother = Const()HяяЏЅђжл1
use2јЂђЅђжл(Buse2 = Op(dup, other)H№ЂђЅђжл