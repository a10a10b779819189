
Э
,/job:localhost/replica:0/task:0/device:CPU:0}
fooЂЂђЅђжл 	(
:$""@Ђcpu 0ЂЂЂЂ з:($"@Ђcpu (0Ђ‚ЂЂ зBfoo = Split(x)HэяЏЅђжлZ
a/_bЊЂђЅђжл (:$""@Ђcpu 0Ђ„ЂЂ зBa/_b = Identity(foo)H‰ЂђЅђжлB
aђЂђЅђжл(:"Ђcpu (0Ђ†ЂЂ зBa = Const()HЌЂђЅђжлP
x/_5ђЂђЅђжл(:$""Ђcpu 0Ђ€ЂЂ зBx/_5 = _Recv()HЌЂђЅђжлf

RecvTensor”ЂђЅђжл (:&$" Ђcpu (0ЂЉЂЂ зBRecvTensor = Foo(foo, a)H‘ЂђЅђжлT
lateИЃђЅђжл (:$""Ђcpu 0ЂЊЂЂ зBlate = Const()HЕЃђЅђжл~
slots™ЂђЅђжл(:($"Ђcpu (0ЂЋЂЂ з:$""Ђcpu 	0ЂђЂЂ зBslots = Unpack(x)H–ЂђЅђжл
¤
,/job:localhost/replica:0/task:0/device:GPU:0‚
barћЂђЅђжл (:,*"@Ђ	GPU_0_bfc 
(0Ђ’ЂЂ зB5bar = AddN(foo, foo:1, foo:0, foo/_12, foo/_12:1, ^a)H›ЂђЅђжл“
bazЁЂђЅђжл (:*("@Ђ	GPU_0_bfc 0Ђ”ЂЂ зBHbaz = Mul(a/_b/_3, a/_c/_4, x/_5, /_7, ghost, ghost:2, RecvTensor, late)HҐЂђЅђжл,
quxІЂђЅђжлBqux = Identity(baz)HЇЂђЅђжл9
quux°ЂђЅђжл 	(
Bquux = Identity(baz, baz)H­ЂђЅђжл/

RecvTensorјЂђЅђжл(Br = Recv(baz)H№ЂђЅђжл?
unpackedїЂђЅђжл(Bunpacked = Op(slots:1, slots:5)HјЂђЅђжл