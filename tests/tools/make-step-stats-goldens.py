#!/usr/bin/python3
# make-step-stats-goldens.py: expected outputs of timeline.py for StepStats tests
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run by hand from anywhere (needs ../shared/, protoc and /usr/bin/python3
# with google.protobuf):
#
#   /usr/bin/python3 tests/tools/make-step-stats-goldens.py
#
# Writes tests/data/step-stats/: copies of four real inputs, small synthetic
# StepStats each aimed at rules of TensorFlow's timeline.py, and for every
# input the Chrome trace timeline.py makes under five option sets and its
# allocator maximums under the three op_time modes.  The output is
# deterministic: running it again rewrites identical files.  Each synthetic
# case carries checks that the rule it is meant for really fired; the script
# fails if one does not.

import collections
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import timeline_ref  # noqa: E402

TOP = timeline_ref.TOP
OUT = os.path.join(TOP, 'tests', 'data', 'step-stats')
EXPECTED = os.path.join(OUT, 'expected')
SOURCES_MD = os.path.join(TOP, 'tests', 'data', 'SOURCES.md')
CORPUS = os.path.normpath(os.path.join(TOP, '..', 'shared', 'corpus'))

# (file, format, corpus path, upstream repository, upstream path, licence)
REAL_INPUTS = [
    ('run_meta.pb', 'run_metadata',
     'tensorflow/tensorflow/core/profiler/internal/testdata/run_meta',
     'tensorflow/tensorflow',
     'tensorflow/core/profiler/internal/testdata/run_meta', 'Apache-2.0'),
    ('run_meta.bare_step_stats.pb', 'step_stats',
     'tensorflow/tensorflow/core/profiler/internal/testdata/'
     'run_meta.DERIVED_bare_StepStats.pb',
     'tensorflow/tensorflow',
     'tensorflow/core/profiler/internal/testdata/run_meta '
     '(field 1 alone, extracted with protoc)', 'Apache-2.0'),
    ('run_meta.step_stats.pbtxt', 'run_metadata_text',
     'tensorflow/tensorflow/core/profiler/internal/testdata/'
     'run_meta.DECODED_step_stats.pbtxt',
     'tensorflow/tensorflow',
     'tensorflow/core/profiler/internal/testdata/run_meta '
     '(its step_stats decoded to text format with protoc)', 'Apache-2.0'),
    ('tensorboard_run_metadata.pbtxt', 'run_metadata_text',
     'tensorboard/tensorboard/components/tf_backend/test/data/'
     'run_metadata_run_step99_tag_train.pbtxt',
     'tensorflow/tensorboard',
     'tensorboard/components/tf_backend/test/data/'
     'run_metadata_run_step99_tag_train.pbtxt', 'Apache-2.0'),
]

# name -> keyword arguments of generate_chrome_trace_format()
OPTION_SETS = collections.OrderedDict([
    ('default', dict(show_dataflow=True, show_memory=False, op_time='schedule')),
    ('memory', dict(show_dataflow=True, show_memory=True, op_time='schedule')),
    ('nodataflow-memory',
     dict(show_dataflow=False, show_memory=True, op_time='schedule')),
    ('gpu-memory', dict(show_dataflow=True, show_memory=True, op_time='gpu')),
    ('all', dict(show_dataflow=True, show_memory=False, op_time='all')),
])
PEAK_OP_TIMES = ('schedule', 'gpu', 'all')

T0 = 1600000000000000          # micros, a 2020 wall clock
FORMAT_NAMES = {
    'run_metadata': 'RunMetadata (binary)',
    'step_stats': 'bare StepStats (binary)',
    'run_metadata_text': 'RunMetadata (text)',
}

GPU_JOB = '/job:localhost/replica:0/task:0/device:GPU:0'
CPU_JOB = '/job:localhost/replica:0/task:0/device:CPU:0'


# ---------------------------------------------------------------------------
# Building StepStats


class Builder(object):
  """Small helper to write NodeExecStats tersely."""

  def __init__(self, pb):
    self.pb = pb
    self.ss = pb.StepStats()
    self.next_alloc_id = 1
    self.next_ptr = 0x7f3a00000000

  def device(self, name):
    dev = self.ss.dev_stats.add()
    dev.device = name
    return dev

  def out(self, nbytes=16, allocator='cpu', dtype=1, dims=(2, 2),
          dim_names=None, desc=True, alloc=True, allocated=None):
    """An output spec for node()."""
    return dict(nbytes=nbytes, allocator=allocator, dtype=dtype, dims=dims,
                dim_names=dim_names, desc=desc, alloc=alloc,
                allocated=allocated)

  def node(self, dev, name, start, dur, label, outputs=(), memory=None):
    ns = dev.node_stats.add()
    ns.node_name = name
    ns.all_start_micros = start
    ns.all_end_rel_micros = dur
    if dur > 2:
      ns.op_start_rel_micros = 1
      ns.op_end_rel_micros = dur - 1
    ns.scheduled_micros = start - 3
    ns.timeline_label = label
    for slot, spec in enumerate(outputs):
      o = ns.output.add()
      o.slot = slot
      if not spec['desc']:
        continue
      td = o.tensor_description
      td.dtype = spec['dtype']
      for i, size in enumerate(spec['dims']):
        d = td.shape.dim.add()
        d.size = size
        if spec['dim_names']:
          d.name = spec['dim_names'][i]
      if not spec['alloc']:
        continue
      ad = td.allocation_description
      ad.requested_bytes = spec['nbytes']
      ad.allocated_bytes = (spec['allocated'] if spec['allocated'] is not None
                            else (spec['nbytes'] + 255) // 256 * 256)
      ad.allocator_name = spec['allocator']
      ad.allocation_id = self.next_alloc_id
      ad.has_single_reference = (self.next_alloc_id % 2 == 0)
      ad.ptr = self.next_ptr
      self.next_alloc_id += 1
      self.next_ptr += max(256, ad.allocated_bytes)
    if memory:
      m = ns.memory.add()
      m.allocator_name = memory
      m.total_bytes = sum(s['nbytes'] for s in outputs if s['desc'])
      m.peak_bytes = m.total_bytes
    return ns


def case_gpu_kernel_labels(b):
  cpu = b.device(CPU_JOB)
  gpu = b.device(GPU_JOB)
  sall = b.device('/device:GPU:0/stream:all')
  s7 = b.device('/gpu:0/stream:7')
  mc = b.device('/gpu:0/memcpy')
  b.node(cpu, 'input', T0, 8, 'input = Const()',
         [b.out(4096, 'cpu', 1, (1, 32, 32, 1))], memory='cpu')
  b.node(cpu, 'conv1/kernel', T0 + 2, 4, 'conv1/kernel = VariableV2()',
         [b.out(36, 'cpu', 1, (3, 3, 1, 1))])
  b.node(gpu, 'conv1/Conv2D', T0 + 20, 12,
         'conv1/Conv2D = Conv2D(input, conv1/kernel)',
         [b.out(4096, 'GPU_0_bfc', 1, (1, 32, 32, 1))], memory='GPU_0_bfc')
  b.node(gpu, 'MatMul_1', T0 + 34, 6, 'MatMul_1 = MatMul(conv1/Conv2D, '
         'MEMCPYHtoD)', [b.out(512, 'GPU_0_bfc', 1, (8, 16))])
  k = 'volta_scudnn_128x64_relu_interior_nn_v1 @@'
  b.node(sall, 'conv1/Conv2D', T0 + 40, 30,
         k + 'conv1/Conv2D:Conv2D#id=1#')
  b.node(sall, 'MatMul_1', T0 + 72, 5,
         'sgemm_32x32x32_NN @@MatMul_1:MatMul#id=2,correlation_id=7#')
  b.node(sall, 'Relu:Relu', T0 + 78, 2, 'relu_kernel @@Other:Relu')
  b.node(sall, 'Add:AddV2', T0 + 81, 2, 'add#3 @@Sub:Sub#id=4#')
  b.node(sall, 'Mul:Mul', T0 + 84, 2, 'mul_kernel @@#id=5#')
  b.node(sall, 'Foo:Bar', T0 + 87, 2, 'k @@x#')
  b.node(sall, 'NoColon', T0 + 90, 2, 'plain kernel label')
  b.node(sall, 'a:b:c', T0 + 93, 2, '')
  b.node(sall, '', T0 + 96, 2, '')
  b.node(sall, 'Pad:Pad', T0 + 99, 2, 'pad @@:Pad#id=6#')
  b.node(s7, 'conv1/Conv2D:Conv2D', T0 + 40, 30,
         k + 'conv1/Conv2D:Conv2D#id=1#')
  b.node(s7, 'MatMul_1:MatMul', T0 + 72, 5,
         'sgemm_32x32x32_NN @@MatMul_1:MatMul#id=2,correlation_id=7#')
  b.node(mc, 'MEMCPYHtoD', T0 + 10, 6,
         'MEMCPYHtoD 4096 bytes @@input:MEMCPYHtoD#id=8#',
         [b.out(4096, 'GPU_0_bfc', 1, (1, 32, 32, 1))])
  b.node(mc, 'MatMul_1:MEMCPYDtoH', T0 + 80, 3, 'MEMCPYDtoH 512 bytes')
  return 'run_metadata'


def check_gpu_kernel_labels(r):
  got = {(e['args']['name'], e['args']['op'])
         for e in r.ops('/device:GPU:0/stream:all')}
  want = {('conv1/Conv2D', 'Conv2D'), ('MatMul_1', 'MatMul'),
          ('Relu', 'Relu'), ('Add', 'AddV2'), ('Mul', 'Mul'),
          ('x', 'unknown'), ('NoColon', 'unknown'), ('a', 'b'),
          ('', 'unknown'), ('', 'Pad')}
  assert got == want, got
  assert {(e['args']['name'], e['args']['op'])
          for e in r.ops('/gpu:0/memcpy')} == {
              ('input', 'MEMCPYHtoD'), ('MatMul_1', 'MEMCPYDtoH')}
  assert all(set(e['args']) == {'name', 'op'}
             for e in r.ops('/gpu:0/stream:7'))
  # The memcpy node's output is tracked under its raw node_name.
  assert 'MEMCPYHtoD' in r.flow_names()
  assert r.changed('gpu-memory', GPU_JOB) == 2


def case_op_time_kernels(b):
  gpu = b.device(GPU_JOB)
  worker = b.device('/job:worker/replica:0/task:1/device:GPU:0')
  nojob = b.device('/device:CPU:0')
  tf1_all = b.device(GPU_JOB + '/stream:all')
  tf1_s7 = b.device(GPU_JOB + '/stream:7')
  sall = b.device('/device:GPU:0/stream:all')
  s7 = b.device('/gpu:0/stream:7')
  b.node(gpu, 'A', T0, 10, 'A = Conv2D(x, w)',
         [b.out(1024, 'GPU_0_bfc', 1, (16, 16))])
  b.node(gpu, 'B', T0 + 20, 30, 'B = MatMul(A, w)',
         [b.out(2048, 'GPU_0_bfc', 1, (32, 16))])
  b.node(gpu, 'C', T0 + 60, 5, 'C = Identity(B)',
         [b.out(2048, 'GPU_0_bfc', 1, (32, 16))])
  b.node(gpu, 'D', T0 + 70, 5, 'D = Relu(C)',
         [b.out(2048, 'GPU_0_bfc', 1, (32, 16))])
  b.node(gpu, 'E', T0 + 80, 5, 'E = Relu(D)',
         [b.out(2048, 'GPU_0_bfc', 1, (32, 16))])
  b.node(gpu, 'F', T0 + 90, 0, 'F = Shape(E)',
         [b.out(8, 'GPU_0_bfc', 9, (2,))])
  b.node(gpu, 'G', T0 + 55, 4, 'G = AddN(A, B)')
  b.node(gpu, 'H', T0 + 100, 3, 'H = Neg(F)')
  b.node(worker, 'A', T0 + 5, 3, 'A = Conv2D(x, w)')
  b.node(nojob, 'A', T0 + 1, 2, 'A = Conv2D(x, w)')
  b.node(tf1_all, 'H:Neg', T0 + 110, 4, 'neg_kernel')
  b.node(tf1_all, 'A', T0 + 111, 2, 'a_kernel @@A:Conv2D#id=1#')
  b.node(tf1_s7, 'B', T0 + 12, 2, 'sgemm @@B:MatMul#id=2#')
  b.node(sall, 'A:Conv2D', T0 + 30, 10, 'implicit_convolve @@A:Conv2D#id=1#')
  b.node(sall, 'A:Conv2D', T0 + 45, 5, 'scudnn @@A:Conv2D#id=1#')
  b.node(sall, 'B:MatMul', T0 + 15, 10, 'sgemm @@B:MatMul#id=2#')
  b.node(sall, 'E:Relu', T0 + 86, 2, 'relu_kernel')
  b.node(sall, 'F:Shape', T0 + 91, 0, 'shape @@F:Shape#id=3#')
  b.node(s7, 'D:Relu', T0 + 76, 2, 'relu @@D:Relu#id=4#')
  return 'run_metadata'


def check_op_time_kernels(r):
  def span(optset, dev, name):
    return [(e['ts'] - T0, e['dur']) for e in r.ops(dev, optset)
            if e['args']['name'] == name]
  assert span('default', GPU_JOB, 'A') == [(0, 10)]
  assert span('gpu-memory', GPU_JOB, 'A') == [(30, 83)]   # up to tf1 kernel
  assert span('all', GPU_JOB, 'A') == [(0, 113)]
  assert span('gpu-memory', GPU_JOB, 'B') == [(15, 35)]
  assert span('all', GPU_JOB, 'B') == [(20, 30)]
  assert span('gpu-memory', GPU_JOB, 'D') == [(70, 5)]   # stream:7 ignored
  assert span('gpu-memory', GPU_JOB, 'E') == [(86, 2)]
  assert span('gpu-memory', GPU_JOB, 'H') == [(110, 4)]
  w = '/job:worker/replica:0/task:1/device:GPU:0'
  assert span('all', w, 'A') == [(5, 108)]
  assert span('all', '/device:CPU:0', 'A') == [(1, 2)]
  # A /job tracer stream that is not stream:all is itself re-timed.
  assert span('gpu-memory', GPU_JOB + '/stream:7', 'B') == [(15, 10)]
  assert r.peaks['gpu'] != r.peaks['schedule']


def case_dataflow_inputs(b):
  cpu = b.device(CPU_JOB)
  gpu = b.device(GPU_JOB)
  b.node(cpu, 'foo', T0, 10, 'foo = Split(x)',
         [b.out(64), b.out(64, dims=(4, 4))])
  b.node(cpu, 'a/_b', T0 + 12, 3, 'a/_b = Identity(foo)', [b.out(64)])
  b.node(cpu, 'a', T0 + 16, 2, 'a = Const()', [b.out(4, dims=())])
  b.node(cpu, 'x/_5', T0 + 16, 2, 'x/_5 = _Recv()', [b.out(16)])
  b.node(cpu, 'RecvTensor', T0 + 20, 4, 'RecvTensor = Foo(foo, a)',
         [b.out(32)])
  b.node(cpu, 'late', T0 + 200, 5, 'late = Const()', [b.out(8)])
  ns = b.node(cpu, 'slots', T0 + 25, 2, 'slots = Unpack(x)',
              [b.out(8), b.out(8)])
  ns.output[0].slot = 5            # names come from the position, not slot
  ns.output[1].slot = 0
  b.node(gpu, 'bar', T0 + 30, 5,
         'bar = AddN(foo, foo:1, foo:0, foo/_12, foo/_12:1, ^a)',
         [b.out(64, 'GPU_0_bfc')])
  b.node(gpu, 'baz', T0 + 40, 5, 'baz = Mul(a/_b/_3, a/_c/_4, x/_5, /_7, '
         'ghost, ghost:2, RecvTensor, late)', [b.out(64, 'GPU_0_bfc')])
  b.node(gpu, 'qux', T0 + 50, 0, 'qux = Identity(baz)')
  b.node(gpu, 'quux', T0 + 48, 10, 'quux = Identity(baz, baz)')
  b.node(gpu, 'RecvTensor', T0 + 60, 2, 'r = Recv(baz)')
  b.node(gpu, 'unpacked', T0 + 63, 2, 'unpacked = Op(slots:1, slots:5)')
  return 'step_stats'


def check_dataflow_inputs(r):
  flows = collections.Counter(r.flow_names())
  assert flows == collections.Counter(
      {'foo': 3, 'foo:1': 1, 'a/_b': 1, 'x/_5': 1, 'RecvTensor': 1,
       'late': 1, 'baz': 2, 'slots:1': 1}), flows
  assert not r.flow_names('nodataflow-memory')
  recv = [e for e in r.ops(GPU_JOB) if e['args']['name'] == 'RecvTensor']
  assert recv[0]['name'] == 'RecvTensor' and 'input0' not in recv[0]['args']
  late = [e for e in r.events['default'] if e['ph'] == 's'
          and e['name'] == 'late'][0]
  assert late['ts'] == T0 + 205   # flow starts after it ends


def case_lanes(b):
  cpu = b.device(CPU_JOB)
  cpu.thread_names[7] = 'worker thread 7'
  spec = [('A', 0, 100), ('B', 10, 40), ('C', 20, 10), ('D', 100, 5),
          ('E', 101, 0), ('F', 101, 0), ('G', -50, 10), ('H', 30, 1)]
  prev = 'x'
  for name, start, dur in spec:
    ns = b.node(cpu, name, T0 + start, dur, '%s = Op(%s)' % (name, prev),
                [b.out(16)])
    ns.thread_id = 7                      # ignored: lanes are recomputed
    ns.all_start_nanos = (T0 + start) * 1000 + 999999
    ns.all_end_rel_nanos = 1
    prev = name
  gpu = b.device(GPU_JOB)
  for name, start, dur in [('P', 0, 5), ('Q', -5, 3), ('R', 3, 1),
                           ('S', 1, 0)]:
    b.node(gpu, name, start, dur, '%s = Op(A, B)' % name,
           [b.out(8, 'GPU_0_bfc')])
  return 'step_stats'


def check_lanes(r):
  tids = {e['args']['name']: e['tid'] for e in r.ops(CPU_JOB)}
  assert tids == {'A': 0, 'B': 1, 'C': 2, 'D': 1, 'E': 0, 'F': 2, 'G': 3,
                  'H': 3}, tids
  tids = {e['args']['name']: e['tid'] for e in r.ops(GPU_JOB)}
  assert tids == {'P': 1, 'Q': 2, 'R': 0, 'S': 2}, tids


def case_labels(b):
  prod = b.device(GPU_JOB)
  cpu = b.device(CPU_JOB)
  for i, name in enumerate(['a', 'b', 'c', 'd)', 'e', '', ' a ', 'x',
                            'a,b', 'a)']):
    b.node(prod, name, T0 + i, 1, 'p = Const()', [b.out(8, 'GPU_0_bfc')])
  labels = [
      ('n1', 'n1 = Foo'),
      ('n2', 'Foo(a)'),
      ('n3', 'n3 = b = Op(c(d), e)'),
      ('n4', 'n4 = NoOp()'),
      ('n5', 'n5 = Op(a,\n b)'),
      ('n6', 'n6 = Op(a)\nsecond line'),
      ('n7', 'first line\nn7 = Op(a)'),
      ('n8', 'n8 = Op(a) extra'),
      ('n9', 'n9 = Op(a) [attr(x)]'),
      ('n10', ''),
      ('n11', 'n11 = Op(a,b)'),
      ('n12', 'n12 = Op(a, , b)'),
      ('n13', 'n13 = Op( a )'),
      ('n14', ' = Op(a)'),
      ('n15', 'n15 = (a)'),
      ('n16', 'n16 =  Op(a)'),
      ('n17', 'n17 = Op(a))'),
      ('label_name_differs', 'other = Op(a)'),
      ('n19', 'n19=Op(a)'),
      ('n20', 'n20 = Op(a, b, a)'),
      ('n21', 'n21 = Op(a,\r b)\r'),
      ('n22', 'n22 = Op(a)(b)'),
  ]
  for i, (name, label) in enumerate(labels):
    b.node(cpu, name, T0 + 20 + 3 * i, 2, label)
  return 'run_metadata'


def check_labels(r):
  got = {}
  for e in r.ops(CPU_JOB):
    a = e['args']
    ins = [a['input%d' % i] for i in range(len(a) - 2)]
    got[a['name']] = (e['name'], ins)
  want = {
      'n1': ('unknown', []), 'n2': ('unknown', []),
      'n3': ('Op(c', ['d)', 'e']), 'n4': ('NoOp', []),
      'n5': ('unknown', []), 'n6': ('Op', ['a']), 'n7': ('unknown', []),
      'n8': ('Op', ['a']), 'n9': ('Op(a) [attr', ['x']),
      'n10': ('unknown', []), 'n11': ('Op', ['a,b']),
      'n12': ('Op', ['a', '', 'b']), 'n13': ('Op', [' a ']),
      'n14': ('Op', ['a']), 'n15': ('', ['a']), 'n16': (' Op', ['a']),
      'n17': ('Op', ['a)']), 'label_name_differs': ('Op', ['a']),
      'n19': ('unknown', []), 'n20': ('Op', ['a', 'b', 'a']),
      'n21': ('Op', ['a,\r b']), 'n22': ('Op(a)', ['b']),
  }
  assert got == want, got
  assert '' in r.flow_names() and 'd)' in r.flow_names()


def case_unicode_names(b):
  cpu = b.device(CPU_JOB)
  gpu = b.device('/job:本地/replica:0/task:0/device:GPU:0 🚀')
  b.node(cpu, '输入', T0, 5, '输入 = Placeholder()',
         [b.out(48, '显存_bfc', 1, (2, 6), dim_names=('批次', '😀'))])
  b.node(cpu, '权重', T0 + 1, 5, '权重 = VariableV2()',
         [b.out(24, 'cpu', 1, (6,))])
  b.node(gpu, '卷积/Conv2D', T0 + 10, 5, '卷积/Conv2D = Conv2D(输入, 权重)',
         [b.out(16, '显存_bfc', 1, (2, 2))])
  b.node(gpu, '🚀launch', T0 + 14, 3, '🚀launch = Op(卷积/Conv2D)',
         [b.out(16, 'emoji😀alloc', 27, (4,))])
  b.node(cpu, 'say"hi"', T0 + 20, 2, 'say"hi" = Op(🚀launch)',
         [b.out(8, 'quote"alloc', 200, (2,))])
  b.node(gpu, 'back\\slash', T0 + 23, 2, 'back\\slash = Op(say"hi")',
         [b.out(8, "single'quote", 7, (-1, 2),
                dim_names=('tab\there', 'nl\nname'))])
  b.node(cpu, 'ctrl\x01char', T0 + 26, 2, 'ctrl\x01char = Op(back\\slash)',
         [b.out(4, 'del\x7falloc', 10, ())])
  b.node(gpu, 'sep', T0 + 30, 2, 'sep = Op(a\u2028b, ctrl\x01char)')
  ns = b.node(gpu, 'unknown_rank', T0 + 33, 2,
              'unknown_rank = Op(sep)', [b.out(4, 'cpu', 1, ())])
  ns.output[0].tensor_description.shape.unknown_rank = True
  return 'step_stats'


def check_unicode_names(r):
  assert {'输入', '权重', '卷积/Conv2D', '🚀launch', 'say"hi"',
          'back\\slash', 'ctrl\x01char'} <= set(r.flow_names())
  snaps = [e['args']['snapshot']['tensor_description']
           for e in r.events['memory'] if e['ph'] == 'O']
  assert any('\\346\\211\\271\\346\\254\\241' in s for s in snaps)  # 批次
  assert any('dtype: 200' in s for s in snaps)
  assert any('allocator_name: quote\\alloc' in s for s in snaps)
  assert any("allocator_name: single\\'quote" in s for s in snaps)
  ops = {e['args']['name']: e for e in r.ops(
      '/job:本地/replica:0/task:0/device:GPU:0 🚀')}
  assert ops['sep']['args']['input0'] == 'a\u2028b'


def case_duplicates(b):
  cpu = b.device(CPU_JOB)
  gpu = b.device(GPU_JOB)
  cpu2 = b.device(CPU_JOB)
  b.node(cpu, 'dup', T0, 10, 'dup = Const()', [b.out(100)])
  b.node(cpu, 'n', T0, 5, 'n = Split(dup)', [b.out(40), b.out(60)])
  b.node(gpu, 'n:1', T0 + 3, 4, 'n:1 = Const()', [b.out(70, 'GPU_0_bfc')])
  b.node(gpu, 'dup', T0 + 20, 10, 'dup = Const()',
         [b.out(300, 'GPU_0_bfc')])
  b.node(gpu, 'use', T0 + 40, 5, 'use = Op(dup, n:1, n)')
  b.node(cpu2, 'dup', T0 + 50, 5, 'dup = Const()', [b.out(50)])
  b.node(cpu2, 'other', T0 + 2, 3, 'other = Const()', [b.out(20)])
  b.node(cpu2, 'use2', T0 + 60, 2, 'use2 = Op(dup, other)')
  return 'run_metadata'


def check_duplicates(r):
  ids = [(e['name'], e['id']) for e in r.events['memory'] if e['ph'] == 'N']
  assert ids == [('dup', 0), ('n', 1), ('n:1', 2), ('n:1', 3), ('dup', 3),
                 ('dup', 3), ('other', 3)], ids
  deletes = [(e['name'], e['id']) for e in r.events['memory']
             if e['ph'] == 'D']
  assert deletes == [('dup', 3), ('n', 1), ('n:1', 3), ('other', 3)], deletes
  names = [e['args']['name'] for e in r.events['default'] if e['ph'] == 'M']
  assert names.count(CPU_JOB + ' Compute') == 2
  first, second = [e['pid'] for e in r.events['default'] if e['ph'] == 'M'
                   and e['args']['name'] == CPU_JOB + ' Compute']
  xs = [e['pid'] for e in r.events['default'] if e['ph'] == 'X']
  assert xs.count(first) == 0 and xs.count(second) == 5, xs


def case_memory_edges(b):
  gpu = b.device(GPU_JOB)
  cpu = b.device(CPU_JOB)
  b.node(gpu, 'p', T0, 10, 'p = Const()', [b.out(100, 'GPU_0_bfc')])
  b.node(gpu, 'q', T0 + 10, 10, 'q = Const()', [b.out(100, 'GPU_0_bfc')])
  b.node(gpu, 'r', T0 + 10, 10, 'r = Const()', [b.out(100, 'GPU_0_bfc')])
  b.node(gpu, 'a_s', T0 + 10, 10, 'a_s = Const()', [b.out(100, 'GPU_0_bfc')])
  b.node(gpu, 'big', T0 + 12, 3, 'big = Const()',
         [b.out(500, 'GPU_0_bfc', allocated=1024)])
  b.node(gpu, 'same', T0 + 30, 5, 'same = Const()',
         [b.out(700, 'GPU_0_bfc')])     # ties the peak later: not taken
  b.node(gpu, 'zero', T0 + 40, 2, 'zero = Const()',
         [b.out(0, 'GPU_0_bfc', dims=(0, 4), allocated=256)])
  b.node(gpu, 'two', T0 + 45, 4, 'two = Unique(zero)',
         [b.out(32, 'GPU_0_bfc'), b.out(desc=False)])
  b.node(gpu, 'use', T0 + 60, 0, 'use = Op(two, q)')
  b.node(gpu, 'late_peak', T0 + 70, 2, 'late_peak = Const()',
         [b.out(1000, 'GPU_0_bfc')])
  b.node(cpu, 'nodesc', T0 + 1, 2, 'nodesc = Op()', [b.out(desc=False)])
  b.node(cpu, 'noalloc', T0 + 2, 2, 'noalloc = Op()', [b.out(alloc=False)])
  b.node(cpu, 'host', T0 + 3, 2, 'host = Op()',
         [b.out(64, 'cuda_host_bfc')])
  b.node(cpu, 'cpu1', T0 + 5, 5, 'cpu1 = Op()', [b.out(8, 'cpu')])
  b.node(cpu, 'cpu2', T0 + 5, 5, 'cpu2 = Op()', [b.out(8, 'cpu')])
  b.node(cpu, 'cpu3', T0 + 10, 5, 'cpu3 = Op()', [b.out(16, 'cpu')])
  b.node(cpu, 'only0', T0 + 20, 5, 'only0 = Op()', [b.out(0, 'zeros')])
  b.node(cpu, 'flash', T0 + 30, 0, 'flash = Op()',
         [b.out(40, 'gpu_host_bfc')])
  return 'step_stats'


def check_memory_edges(r):
  peaks = r.peaks['schedule']
  assert list(peaks) == ['GPU_0_bfc', '', 'cuda_host_bfc', 'cpu',
                         'zeros', 'gpu_host_bfc'], list(peaks)
  # Zero-length producer: its free (t, -40) sorts before its alloc (t, 40).
  assert r.counters('gpu_host_bfc') == [(30, -40), (30, 0)]
  assert peaks['gpu_host_bfc'] == {'timestamp': 0, 'num_bytes': 0,
                                   'tensors': []}
  # A 0-byte tensor's free is not `< 0`: it is added again, never dropped.
  assert peaks['GPU_0_bfc'] == {'timestamp': T0 + 70, 'num_bytes': 1000,
                                'tensors': ['late_peak', 'zero']}, peaks
  assert [c for c in r.counters('GPU_0_bfc') if c[1] == 800] == [
      (12, 800), (30, 800)]
  assert peaks['zeros'] == {'timestamp': 0, 'num_bytes': 0, 'tensors': []}
  assert peaks['cpu'] == {'timestamp': T0 + 5, 'num_bytes': 16,
                          'tensors': ['cpu1', 'cpu2']}, peaks
  assert peaks[''] == {'timestamp': 0, 'num_bytes': 0, 'tensors': []}
  counters = r.counters('GPU_0_bfc')
  assert counters[:5] == [(0, 100), (10, 0), (10, 100), (10, 200),
                          (10, 300)], counters
  snaps = {e['name']: e['args']['snapshot']['tensor_description']
           for e in r.events['memory'] if e['ph'] == 'O'}
  assert snaps['nodesc'] == '' and snaps['two:1'] == ''


def case_empty_step_stats(b):
  rm = b.pb.RunMetadata()
  rm.step_stats.SetInParent()
  g = rm.partition_graphs.add()
  n = g.node.add()
  n.name = 'Const'
  n.op = 'Const'
  n.device = CPU_JOB
  return 'run_metadata', rm


def check_empty_step_stats(r):
  for optset in OPTION_SETS:
    assert r.events[optset] == [{'name': 'process_name', 'ph': 'M', 'pid': 0,
                                 'args': {'name': 'Allocators'}}]
  assert r.peaks['schedule'] == {}


def case_devices_without_nodes(b):
  b.device(CPU_JOB)
  b.device('')
  gpu = b.device(GPU_JOB)
  b.device('/device:GPU:0/stream:all')
  b.node(gpu, 'only', T0, 5, 'only = Const()', [b.out(16, 'GPU_0_bfc')])
  return 'step_stats'


def check_devices_without_nodes(r):
  names = [e['args']['name'] for e in r.events['default'] if e['ph'] == 'M']
  assert names[3:5] == [' Compute', ' Tensors'], names
  assert r.stats['ops'] == 1


def case_huge_times(b):
  big = 9223372036000000           # just under INT64_MAX / 1000
  cpu = b.device(CPU_JOB)
  gpu = b.device(GPU_JOB)
  b.node(cpu, 'early', -big, 5, 'early = Const()', [b.out(8)])
  b.node(cpu, 'mid', 0, 9000000000000000, 'mid = Op(early)', [b.out(8)])
  b.node(gpu, 'late', big, 800000, 'late = Op(mid, early)',
         [b.out(8, 'GPU_0_bfc')])
  b.node(gpu, 'later', big + 12345, 3, 'later = Op(late, mid)')
  return 'run_metadata'


def check_huge_times(r):
  ts = sorted(e['ts'] for e in r.events['memory'] if 'ts' in e)
  assert ts[0] == -9223372036000000 and ts[-1] == 9223372036800000, ts
  assert any(t > 2 ** 53 and t % 2 == 1 for t in ts)   # exact past 2^53


def case_negative_duration(b):
  cpu = b.device(CPU_JOB)
  b.node(cpu, 'neg', T0 + 10, -3, 'neg = Const()', [b.out(32)])
  b.node(cpu, 'after', T0 + 8, 4, 'after = Op(x)', [b.out(16)])
  b.node(cpu, 'negcons', T0 + 20, -5, 'negcons = Op(after)')
  return 'step_stats'


def check_negative_duration(r):
  counters = [(e['ts'] - T0, e['args']['cpu']) for e in r.events['memory']
              if e['ph'] == 'C']
  assert counters[0] == (7, -32), counters
  tids = [e['tid'] for e in r.ops(CPU_JOB)]
  assert tids == [0, 0, 0], tids


CASES = [
    ('gpu_kernel_labels', case_gpu_kernel_labels, check_gpu_kernel_labels,
     'GPU tracer devices (`/device:GPU:0/stream:all`, `/gpu:0/stream:7`, '
     '`/gpu:0/memcpy`): kernel labels `@@name:op#id#`, `@@` without `#`, '
     '`#` before `@@`, `@@#`, `@@x#`, `@@:op#`, node names without or with '
     'two `:`, empty name; outputs of a memcpy node tracked by raw node_name'),
    ('op_time_kernels', case_op_time_kernels, check_op_time_kernels,
     'op_time gpu/all: kernels before/after/inside their op, several kernels '
     'per op, zero-length kernel, kernels only on stream:7 (ignored), a '
     '`/job...` device that is also `/stream:all` (a kernel source), a '
     '`/job.../stream:7` tracer device (re-timed like an op), a non-`/job` '
     'device (not re-timed), the same op name on two /job devices'),
    ('dataflow_inputs', case_dataflow_inputs, check_dataflow_inputs,
     'inputs: `node:1`, `node:0` (not found), `foo/_12` and `foo/_12:1` '
     '(suffix cut to `foo`), `a/_b/_3` (cut once to `a/_b`), `a/_c/_4` '
     '(cut once, not found), `/_7` (index 0: not cut), `x/_5` existing '
     'as is, control `^a`, missing inputs, RecvTensor (label ignored, '
     'consumed by name), producer after consumer, same pid/tid (no flow), '
     'output names from position not `slot`'),
    ('lanes', case_lanes, check_lanes,
     'lane assignment: overlaps, start equal to a lane end (strict `>`), '
     'zero-length ops, unsorted node order, start 0 and negative starts '
     '(lane 0 ends at 0), input thread_id/thread_names/nanos ignored'),
    ('labels', case_labels, check_labels,
     'op labels: no parentheses, no ` = `, `a = b = Op(c(d), e)`, '
     '`NoOp()`, `\\n` inside and around, `\\r`, trailing text, `)` and `(` '
     'after the call, `a,b`, empty input, spaces kept, empty op name, label '
     'name unlike node_name'),
    ('unicode_names', case_unicode_names, check_unicode_names,
     'Chinese/emoji node, device, allocator and dim names; `"`, `\\`, `\'`, '
     'control characters and U+2028 in names; unknown dtype enum values '
     '(27, 200); negative dim size; unknown_rank: octal escapes in the '
     'tensor_description snapshot'),
    ('duplicates', case_duplicates, check_duplicates,
     'duplicate tensor names (same node_name on two devices, `n:1` as a '
     'node and as an output) and a device name used by two dev_stats: '
     'reused object ids, dict order, pids replaced'),
    ('memory_edges', case_memory_edges, check_memory_edges,
     'outputs without tensor_description / allocation_description '
     '(allocator ""), 0-byte tensors, frees and allocations at the same time '
     '(tuple order), peak ties (first kept), several allocators, allocators '
     'that stay at 0, a freed 0-byte tensor listed in a later peak, a '
     'zero-length producer (free sorted before alloc: counter dips)'),
    ('empty_step_stats', case_empty_step_stats, check_empty_step_stats,
     'RunMetadata whose StepStats has no devices (and a partition graph)'),
    ('devices_without_nodes', case_devices_without_nodes,
     check_devices_without_nodes,
     'devices with no nodes, a device with an empty name'),
    ('huge_times', case_huge_times, check_huge_times,
     'times of +-9.2e15 us (past 2^53, still inside int64 in ns), a '
     '9e15 us duration'),
    ('negative_duration', case_negative_duration, check_negative_duration,
     'all_end_rel_micros < 0: lane end before start, memory counter going '
     'negative'),
]


# ---------------------------------------------------------------------------
# Running timeline.py


class Results(object):
  """timeline.py's output for one input under every option set."""

  def __init__(self, data, kind):
    timeline, _ = timeline_ref.load()
    self.events = collections.OrderedDict()
    for optset, kwargs in OPTION_SETS.items():
      ss = timeline_ref.parse_step_stats(data, kind)
      text = timeline.Timeline(ss).generate_chrome_trace_format(**kwargs)
      self.events[optset] = json.loads(text)['traceEvents']
    self.peaks = collections.OrderedDict()
    for op_time in PEAK_OP_TIMES:
      ss = timeline_ref.parse_step_stats(data, kind)
      analysis = timeline.Timeline(ss).analyze_step_stats(
          show_dataflow=True, show_memory=True, op_time=op_time)
      peaks = collections.OrderedDict()
      for allocator, m in analysis.allocator_maximums.items():
        peaks[allocator] = collections.OrderedDict([
            ('timestamp', m.timestamp), ('num_bytes', m.num_bytes),
            ('tensors', sorted(m.tensors))])
      self.peaks[op_time] = peaks
    self.stats = self._stats()

  def device_pid(self, device, optset='default'):
    pids = [e['pid'] for e in self.events[optset] if e['ph'] == 'M'
            and e['args']['name'] == device + ' Compute']
    return pids[-1]

  def ops(self, device, optset='default'):
    pid = self.device_pid(device, optset)
    return [e for e in self.events[optset] if e['ph'] == 'X'
            and e['pid'] == pid]

  def counters(self, allocator, optset='memory'):
    return [(e['ts'] - T0, e['args'][allocator]) for e in self.events[optset]
            if e['ph'] == 'C' and e['name'] == allocator]

  def flow_names(self, optset='default'):
    return [e['name'] for e in self.events[optset] if e['ph'] == 's']

  def changed(self, optset, device=None):
    """Ops whose (ts, dur) differ from the schedule timing."""
    def spans(o):
      evs = self.ops(device, o) if device else [
          e for e in self.events[o] if e['ph'] == 'X']
      return [(e['ts'], e['dur']) for e in evs]
    return sum(1 for a, b in zip(spans('default'), spans(optset)) if a != b)

  def _stats(self):
    d = self.events['default']
    m = self.events['memory']
    x = [e for e in d if e['ph'] == 'X']
    lanes = collections.defaultdict(set)
    for e in x:
      lanes[e['pid']].add(e['tid'])
    count = lambda evs, ph: sum(1 for e in evs if e['ph'] == ph)
    return collections.OrderedDict([
        ('devices', (count(d, 'M') - 1) // 2),
        ('ops', len(x)),
        ('lanes', sum(len(v) for v in lanes.values())),
        ('max_tid', max([e['tid'] for e in x], default=-1)),
        ('flows', count(d, 's')),
        ('objects', count(m, 'N')),
        ('snapshots', count(m, 'O')),
        ('deletes', count(m, 'D')),
        ('counters', count(m, 'C')),
        ('allocators', len(self.peaks['schedule'])),
        ('gpu_changed', self.changed('gpu-memory')),
        ('all_changed', self.changed('all')),
    ])


# ---------------------------------------------------------------------------
# Writing


def write_bytes(path, data):
  with open(path, 'wb') as f:
    f.write(data)


def write_text(path, text):
  with open(path, 'w', encoding='utf-8', newline='\n') as f:
    f.write(text)


def compact(obj):
  return json.dumps(obj, separators=(',', ':'), ensure_ascii=False)


def write_expected(input_name, results):
  for optset, events in results.events.items():
    write_text(os.path.join(EXPECTED, '%s.%s.json' % (input_name, optset)),
               compact({'traceEvents': events}) + '\n')
  for op_time, peaks in results.peaks.items():
    write_text(os.path.join(EXPECTED, '%s.peaks-%s.json'
                            % (input_name, op_time)), format_peaks(peaks))


def format_peaks(peaks):
  """The layout of `stepscope-cli peaks`: one allocator a line."""
  if not peaks:
    return '{}\n'
  lines = ['  %s: %s' % (json.dumps(allocator, ensure_ascii=False),
                         json.dumps(m, ensure_ascii=False))
           for allocator, m in peaks.items()]
  return '{\n' + ',\n'.join(lines) + '\n}\n'


def update_sources_md():
  """Adds our rows to tests/data/SOURCES.md, leaving other rows alone."""
  rows = []
  for name, _, _, repo, path, licence in REAL_INPUTS:
    rows.append('| step-stats/%s | %s, %s | %s |' % (name, repo, path,
                                                       licence))
  if os.path.exists(SOURCES_MD):
    with open(SOURCES_MD, encoding='utf-8') as f:
      lines = f.read().split('\n')
  else:
    lines = ['# Provenance of copied test data', '',
             'Files copied from `../shared/corpus/` (see its SOURCES.md).',
             '', '| file | upstream repo/path | licence |',
             '|---|---|---|', '']
  present = {l.split('|')[1].strip() for l in lines if l.startswith('|')
             and len(l.split('|')) > 2}
  missing = [r for r in rows if r.split('|')[1].strip() not in present]
  if not missing:
    return
  # After our last row if there is one, else at the end of the first table.
  ours = [i for i, l in enumerate(lines) if l.startswith('| step-stats/')]
  table_end = ours[-1] if ours else None
  for i, l in enumerate(lines):
    if table_end is not None:
      break
    if l.startswith('|') and (i + 1 == len(lines)
                              or not lines[i + 1].startswith('|')):
      table_end = i
  if table_end is None:
    if lines and lines[-1] == '':
      lines.pop()
    lines += ['', '| file | upstream repo/path | licence |', '|---|---|---|']
    table_end = len(lines) - 1
  lines[table_end + 1:table_end + 1] = missing
  text = '\n'.join(lines)
  if not text.endswith('\n'):
    text += '\n'
  write_text(SOURCES_MD, text)


README_HEAD = """\
# StepStats test data

Inputs for the StepStats analysis tests and, in `expected/`, what
TensorFlow's `timeline.py` (the newest version, from the reference seed)
makes of them.  Everything here is written by
`tests/tools/make-step-stats-goldens.py` (run it by hand with
`/usr/bin/python3`; it needs `../shared/` and protoc, the test run does not).
Do not edit these files by hand.

For every input `<input>` (the file name, extension included):

- `expected/<input>.<optionset>.json`: `{"traceEvents": [...]}` as
  `Timeline(step_stats).generate_chrome_trace_format(...)` returns it
  (metadata events first, then events in emission order), rewritten
  compactly; compare parsed JSON, not bytes.  Option sets:
  - `default`: show_dataflow=True, show_memory=False, op_time='schedule'
  - `memory`: show_dataflow=True, show_memory=True, op_time='schedule'
  - `nodataflow-memory`: show_dataflow=False, show_memory=True, op_time='schedule'
  - `gpu-memory`: show_dataflow=True, show_memory=True, op_time='gpu'
  - `all`: show_dataflow=True, show_memory=False, op_time='all'
- `expected/<input>.peaks-<op_time>.json` for op_time `schedule`, `gpu`,
  `all`: `analyze_step_stats(show_dataflow=True, show_memory=True,
  op_time=...).allocator_maximums` as
  `{"<allocator>": {"timestamp": T, "num_bytes": N, "tensors": [...]}}`
  byte for byte as `stepscope-cli peaks` prints it (one allocator a line),
  allocators in timeline.py's order, tensor names sorted, times in
  microseconds.

`inputs.txt` lists every input, one a line, for tests to iterate.

## Real inputs

Copied from `../shared/corpus/` (provenance in `tests/data/SOURCES.md`).

"""

README_TABLE_HEAD = """\
## Cases

Counts are from timeline.py's output: ops = `X` events, lanes = distinct
(pid, tid) of ops, flows = `s` events (default), objects / snapshots /
deletes / counters = `N` / `O` / `D` / `C` events (memory), allocators =
entries in the schedule peaks, gpu/all = ops whose (ts, dur) differ from
the schedule timing under op_time gpu / all.  Every synthetic case also has
checks in the script that its rules fired.

| input | format | what it exercises | devices | ops | lanes (max tid) | flows | objects/snapshots/deletes | counters | allocators | gpu/all changed |
|---|---|---|---|---|---|---|---|---|---|---|
"""


def table_row(name, kind, what, s):
  return ('| `%s` | %s | %s | %d | %d | %d (%d) | %d | %d/%d/%d | %d | %d | '
          '%d/%d |\n' % (name, FORMAT_NAMES[kind], what, s['devices'],
                         s['ops'], s['lanes'], s['max_tid'], s['flows'],
                         s['objects'], s['snapshots'], s['deletes'],
                         s['counters'], s['allocators'], s['gpu_changed'],
                         s['all_changed']))


def main():
  timeline_ref.load()
  # expected/ is ours alone; of the inputs, remove only those we listed.
  if os.path.isdir(EXPECTED):
    shutil.rmtree(EXPECTED)
  os.makedirs(EXPECTED)
  inputs_txt = os.path.join(OUT, 'inputs.txt')
  old_inputs = []
  if os.path.exists(inputs_txt):
    with open(inputs_txt, encoding='utf-8') as f:
      old_inputs = f.read().split()

  inputs = []
  rows = []
  real_lines = []
  for name, kind, corpus_path, repo, path, licence in REAL_INPUTS:
    src = os.path.join(CORPUS, corpus_path)
    with open(src, 'rb') as f:
      data = f.read()
    write_bytes(os.path.join(OUT, name), data)
    results = Results(data, kind)
    write_expected(name, results)
    inputs.append(name)
    real_lines.append('- `%s`: %s, `%s`\n' % (name, repo, path))
    rows.append(table_row(name, kind, 'real run (TensorFlow 1.x)',
                          results.stats))
    print('%-34s %s' % (name, dict(results.stats)))

  _, pb = timeline_ref.load()
  for case, build, check, what in CASES:
    b = Builder(pb)
    built = build(b)
    if isinstance(built, tuple):
      kind, msg = built
    else:
      kind = built
      if kind == 'run_metadata':
        msg = pb.RunMetadata()
        msg.step_stats.CopyFrom(b.ss)
      else:
        msg = b.ss
    data = msg.SerializeToString(deterministic=True)
    name = '%s.%s.pb' % (case, 'run_metadata' if kind == 'run_metadata'
                         else 'step_stats')
    write_bytes(os.path.join(OUT, name), data)
    results = Results(data, kind)
    try:
      check(results)
    except AssertionError as e:
      sys.exit('%s: check failed: %s' % (case, e))
    write_expected(name, results)
    inputs.append(name)
    rows.append(table_row(name, kind, what, results.stats))
    print('%-34s %s' % (name, dict(results.stats)))

  for stale in set(old_inputs) - set(inputs):
    if os.path.exists(os.path.join(OUT, stale)):
      os.unlink(os.path.join(OUT, stale))
  write_text(inputs_txt, '\n'.join(inputs) + '\n')
  write_text(os.path.join(OUT, 'README.md'),
             README_HEAD + ''.join(real_lines) + '\n' + README_TABLE_HEAD +
             ''.join(rows))
  update_sources_md()

  total = 0
  for root, _, files in os.walk(OUT):
    total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
  print('tests/data/step-stats: %d inputs, %.1f KB' % (len(inputs),
                                                      total / 1024))
  if total > 3 * 1024 * 1024:
    sys.exit('tests/data/step-stats is over 3 MB')


if __name__ == '__main__':
  main()
