#!/usr/bin/python3
# gen-step-stats.py: a large, realistic RunMetadata for benchmarks
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   bench/gen-step-stats.py [--seed S] [--graph] [--shape SHAPE] N OUT.pb
#
# Two shapes of step, so that a benchmark does not hold for one only.
#
# --shape training (the default) writes a binary RunMetadata holding
# about N NodeExecStats over eight devices, as a 4-GPU data-parallel
# training step would log them: four
# /job:localhost GPU devices and a CPU one running ops named like
# tower_1/conv3/Conv2D_123 with labels "name = Op(in1, in2)" whose inputs are
# recent outputs on the same or another device (so dataflow arrows exist),
# one or two outputs per op with a full TensorDescription, memory entries,
# and GPU:0's kernels on /device:GPU:0/stream:all and stream:7 plus copies
# on /device:GPU:0/memcpy, labelled "kernel @@op:Type#id=N#" so op_time gpu
# and all have work.  Times increase with jitter and overlap, so several
# lanes form.  Deterministic for a given N and seed.
#
# --shape serving writes what a CPU inference server logs for a batch
# through a deep transformer: one device whose short ops overlap about
# ten deep (so about ten lanes), names nested six deep, wide
# fan-in (ConcatV2 and AddN of up to 16 inputs) and fan-out (Split into
# up to 12 outputs), many Consts, short ops, one allocator.
#
# With --graph it also writes RunMetadata.partition_graphs, one GraphDef
# per op device, as TensorFlow's partitioner leaves them, with what tests
# of the graph lifetimes need (tests/tools/graph-lifetimes.py): ops with
# two outputs, control edges, _Send/_Recv pairs for inputs from another
# device (some Recvs ran, some consumers share one), graph nodes that
# never ran, ops that ran but are missing from the graph, graph inputs the
# label does not name and label inputs the graph does not have.  Those
# choices draw from a random generator of their own, so the StepStats
# part is the same as without --graph, apart from the Recvs that ran
# (appended after each device's nodes).
#
# The protobuf wire format is written by hand (checked against the
# generated bindings for small N by --check): building a million messages
# through the Python bindings is several times slower.

import argparse
import os
import random
import sys

T0 = 1600000000000000

GPU_DEVICES = ['/job:localhost/replica:0/task:0/device:GPU:%d' % k
               for k in range(4)]
CPU_DEVICE = '/job:localhost/replica:0/task:0/device:CPU:0'
STREAM_ALL = '/device:GPU:0/stream:all'
STREAM_N = '/device:GPU:0/stream:7'
MEMCPY = '/device:GPU:0/memcpy'
DEVICES = GPU_DEVICES + [CPU_DEVICE, STREAM_ALL, STREAM_N, MEMCPY]
D_CPU, D_ALL, D_STREAM, D_MEMCPY = 4, 5, 6, 7

# (op type, number of outputs, kernels as (name, weight))
GPU_OPS = [
    ('Conv2D', 1, ['volta_scudnn_128x64_relu_interior_nn_v1',
                   'implicit_convolve_sgemm']),
    ('Conv2DBackpropFilter', 1, ['volta_scudnn_128x128_stridedB_splitK']),
    ('Conv2DBackpropInput', 1, ['volta_sgemm_128x64_nt']),
    ('FusedBatchNormV3', 2, ['cudnn::bn_fw_tr_1C11_kernel_NCHW']),
    ('FusedBatchNormGradV3', 2, ['cudnn::bn_bw_1C11_kernel_new']),
    ('Relu', 1, ['Eigen::internal::EigenMetaKernel']),
    ('ReluGrad', 1, ['Eigen::internal::EigenMetaKernel']),
    ('MatMul', 1, ['volta_sgemm_32x128_nn', 'volta_sgemm_64x64_tn']),
    ('BiasAdd', 1, ['BiasNHWCKernel']),
    ('AddV2', 1, ['Eigen::internal::EigenMetaKernel']),
    ('MaxPool', 1, ['cudnn::pooling_fw_4d_kernel']),
    ('Mul', 1, ['Eigen::internal::EigenMetaKernel']),
    ('Sum', 1, ['tensorflow::functor::BlockReduceKernel']),
    ('Identity', 1, []),
    ('Reshape', 1, []),
    ('ApplyMomentum', 1, ['Eigen::internal::EigenMetaKernel']),
]
CPU_OPS = [('IteratorGetNext', 2), ('Cast', 1), ('Const', 1),
           ('_Send', 0), ('_Recv', 1), ('NoOp', 0), ('Shape', 1)]
LAYERS = ['conv1', 'conv2', 'conv3', 'conv4', 'conv5', 'bn1', 'bn2', 'bn3',
          'fc1', 'fc2', 'pool1', 'pool2', 'loss', 'gradients']
DTYPES = [(1, 4), (1, 4), (1, 4), (19, 2), (3, 4)]   # (DataType, size)


# --- wire format -----------------------------------------------------------

def varint(v):
  if v < 0:
    v += 1 << 64
  if v < 128:
    return bytes((v,))
  out = bytearray()
  while v >= 128:
    out.append((v & 0x7f) | 0x80)
    v >>= 7
  out.append(v)
  return bytes(out)


_SMALL = [bytes((i,)) for i in range(128)]


def tag(field, wire):
  return varint(field << 3 | wire)


def fvarint(tag_bytes, v):
  return tag_bytes + (_SMALL[v] if 0 <= v < 128 else varint(v))


def fbytes(tag_bytes, b):
  n = len(b)
  return tag_bytes + (_SMALL[n] if n < 128 else varint(n)) + b


# Tags, by message.
T_RM_STEP_STATS = tag(1, 2)
T_SS_DEV_STATS = tag(1, 2)
T_DSS_DEVICE, T_DSS_NODE = tag(1, 2), tag(2, 2)
T_N_NAME, T_N_START, T_N_OP_START, T_N_OP_END, T_N_ALL_END = (
    tag(1, 2), tag(2, 0), tag(3, 0), tag(4, 0), tag(5, 0))
T_N_MEMORY, T_N_OUTPUT, T_N_LABEL, T_N_SCHED, T_N_THREAD = (
    tag(6, 2), tag(7, 2), tag(8, 2), tag(9, 0), tag(10, 0))
T_AMU_NAME, T_AMU_TOTAL, T_AMU_PEAK, T_AMU_LIVE, T_AMU_IN_USE = (
    tag(1, 2), tag(2, 0), tag(3, 0), tag(4, 0), tag(5, 0))
T_OUT_SLOT, T_OUT_DESC = tag(1, 0), tag(3, 2)
T_TD_DTYPE, T_TD_SHAPE, T_TD_ALLOC = tag(1, 0), tag(2, 2), tag(4, 2)
T_SHAPE_DIM, T_DIM_SIZE = tag(2, 2), tag(1, 0)
T_AD_REQ, T_AD_ALLOC, T_AD_NAME, T_AD_ID, T_AD_SINGLE, T_AD_PTR = (
    tag(1, 0), tag(2, 0), tag(3, 2), tag(4, 0), tag(5, 0), tag(6, 0))
T_RM_PARTITION_GRAPHS = tag(3, 2)
T_GD_NODE = tag(1, 2)
T_ND_NAME, T_ND_OP, T_ND_INPUT, T_ND_DEVICE, T_ND_ATTR = (
    tag(1, 2), tag(2, 2), tag(3, 2), tag(4, 2), tag(5, 2))
T_ATTR_KEY, T_ATTR_VALUE, T_AV_S = tag(1, 2), tag(2, 2), tag(2, 2)


class Gen(object):
  devices = DEVICES
  pool_size = 24          # recent outputs an input is drawn from

  def __init__(self, n, seed):
    self.n = n
    self.rng = random.Random(seed)
    self.nodes = [[] for _ in self.devices]  # encoded NodeExecStats
    self.count = 0
    self.clock = [T0 + 1000 * d for d in range(len(self.devices))]
    self.recent = [[] for _ in self.devices] # recent output names
    self.alloc_id = 1
    self.ptr = 0x7f0000000000
    self.in_use = {}                          # allocator -> bytes
    self.kernel_id = 1
    self.ops = []                             # (dev, name, op, inputs, n_out, start)

  # -- pieces --

  def tensor(self, allocator, dtype, elsize, dims):
    shape = b''.join(fbytes(T_SHAPE_DIM, fvarint(T_DIM_SIZE, d))
                     for d in dims)
    req = elsize
    for d in dims:
      req *= d
    alloc = (req + 255) & ~255
    ad = (fvarint(T_AD_REQ, req) + fvarint(T_AD_ALLOC, alloc) +
          fbytes(T_AD_NAME, allocator) + fvarint(T_AD_ID, self.alloc_id) +
          (fvarint(T_AD_SINGLE, 1) if self.alloc_id & 1 else b'') +
          fvarint(T_AD_PTR, self.ptr))
    self.alloc_id += 1
    self.ptr += alloc
    td = (fvarint(T_TD_DTYPE, dtype) + fbytes(T_TD_SHAPE, shape) +
          fbytes(T_TD_ALLOC, ad))
    return td, alloc

  def memory(self, allocator, total):
    used = self.in_use.get(allocator, 1 << 20) + total
    self.in_use[allocator] = used
    return fbytes(T_N_MEMORY, fbytes(T_AMU_NAME, allocator) +
                  fvarint(T_AMU_TOTAL, total) + fvarint(T_AMU_PEAK, total) +
                  fvarint(T_AMU_LIVE, total) + fvarint(T_AMU_IN_USE, used))

  def node(self, dev, name, start, dur, label, outputs=b'', memory=b'',
           thread=0):
    b = (fbytes(T_N_NAME, name) + fvarint(T_N_START, start) +
         fvarint(T_N_OP_START, 1) + fvarint(T_N_OP_END, max(dur - 1, 1)) +
         fvarint(T_N_ALL_END, dur) + memory + outputs +
         fbytes(T_N_LABEL, label) + fvarint(T_N_SCHED, start - 7) +
         (fvarint(T_N_THREAD, thread) if thread else b''))
    self.nodes[dev].append(b)
    self.count += 1

  def pick_inputs(self, dev):
    rng = self.rng
    inputs = []
    for _ in range(rng.choice((1, 2, 2, 2, 3))):
      src = dev
      r = rng.random()
      if r < 0.10:
        src = D_CPU
      elif r < 0.16 and dev < 4:
        src = rng.randrange(4)
      pool = self.recent[src]
      if not pool:
        continue
      name = pool[-1 - min(int(rng.expovariate(0.4)), len(pool) - 1)]
      r = rng.random()
      if r < 0.03:
        name = '%s/_%d' % (name, rng.randrange(1, 200))   # Send/Recv suffix
      elif r < 0.05:
        name = '^' + name                                  # control input
      inputs.append(name)
    return inputs

  def remember(self, dev, name):
    pool = self.recent[dev]
    pool.append(name)
    if len(pool) > self.pool_size:
      del pool[:self.pool_size // 3]

  def outputs(self, dev, name, n_out, allocator):
    rng = self.rng
    out = b''
    total = 0
    for i in range(n_out):
      dtype, elsize = rng.choice(DTYPES)
      rank = rng.choice((2, 3, 4, 4))
      dims = [rng.choice((8, 16, 32, 64))] + [
          rng.choice((1, 3, 7, 14, 28, 56, 64, 128, 256))
          for _ in range(rank - 1)]
      td, alloc = self.tensor(allocator, dtype, elsize, dims)
      total += alloc
      out += fbytes(T_N_OUTPUT, (fvarint(T_OUT_SLOT, i) if i else b'') +
                    fbytes(T_OUT_DESC, td))
      self.remember(dev, name if i == 0 else '%s:%d' % (name, i))
    return out, total

  # -- ops --

  def gpu_op(self, k, i):
    rng = self.rng
    op, n_out, kernels = rng.choice(GPU_OPS)
    layer = rng.choice(LAYERS)
    name = 'tower_%d/%s/%s_%d' % (k, layer, op, i)
    inputs = self.pick_inputs(k)
    label = '%s = %s(%s)' % (name, op, ', '.join(inputs))
    dur = int(rng.lognormvariate(3.0, 1.0)) + 1
    start = self.clock[k] + rng.randrange(-dur, 6)
    self.clock[k] = max(self.clock[k], start) + max(1, dur // 3)
    allocator = b'GPU_%d_bfc' % k
    out, total = self.outputs(k, name, n_out, allocator)
    self.node(k, name.encode(), start, dur, label.encode(), out,
              self.memory(allocator, total) if total else b'',
              thread=1 + (i % 3))
    self.ops.append((k, name, op, inputs, n_out, start))
    if k == 0:
      self.kernels(name, op, start, dur, kernels, total)

  def kernels(self, name, op, start, dur, kernels, nbytes):
    rng = self.rng
    if nbytes and rng.random() < 0.05:
      t = max(self.clock[D_MEMCPY], start + rng.randrange(1, 10))
      kdur = 2 + nbytes // 40000
      label = 'MEMCPYHtoD %d bytes @@%s:MEMCPYHtoD#id=%d#' % (
          nbytes, name, self.kernel_id)
      self.node(D_MEMCPY, ('%s:MEMCPYHtoD' % name).encode(), t, kdur,
                label.encode())
      self.clock[D_MEMCPY] = t + kdur
      self.kernel_id += 1
    if not kernels:
      return
    for kernel in kernels[:1 if rng.random() < 0.8 else 2]:
      # Async launch: kernels start after the op, sometimes after it ends.
      t = max(self.clock[D_ALL], start + rng.randrange(2, dur + 20))
      kdur = int(rng.lognormvariate(2.5, 1.2)) + 1
      label = '%s @@%s:%s#id=%d#' % (kernel, name, op, self.kernel_id)
      enc = label.encode()
      node_name = ('%s:%s' % (name, op)).encode()
      self.node(D_ALL, node_name, t, kdur, enc)
      self.node(D_STREAM, node_name, t, kdur, enc)
      self.clock[D_ALL] = t + kdur - rng.randrange(0, 2)
      self.kernel_id += 1

  def cpu_op(self, i):
    rng = self.rng
    op, n_out = rng.choice(CPU_OPS)
    if op == 'IteratorGetNext':
      name = 'IteratorGetNext_%d' % i
    else:
      name = 'tower_%d/input/%s_%d' % (rng.randrange(4), op, i)
    inputs = self.pick_inputs(D_CPU) if op not in ('Const', '_Recv') else []
    label = '%s = %s(%s)' % (name, op, ', '.join(inputs))
    dur = int(rng.lognormvariate(2.0, 1.0)) + 1
    start = self.clock[D_CPU] + rng.randrange(-dur, 4)
    self.clock[D_CPU] = max(self.clock[D_CPU], start) + max(1, dur // 2)
    out, total = self.outputs(D_CPU, name, n_out, b'cpu')
    self.node(D_CPU, name.encode(), start, dur, label.encode(), out,
              self.memory(b'cpu', total) if total else b'')
    self.ops.append((D_CPU, name, op, inputs, n_out, start))

  def run(self):
    i = 0
    tower = 0
    while self.count < self.n:
      if i % 10 == 9:
        self.cpu_op(i)
      else:
        self.gpu_op(tower % 4, i)
        tower += 1
      i += 1

  def run_metadata(self, graphs=()):
    devs = []
    for d, name in enumerate(self.devices):
      dss = fbytes(T_DSS_DEVICE, name.encode())
      dss += b''.join(T_DSS_NODE + varint(len(n)) + n for n in self.nodes[d])
      devs.append(fbytes(T_SS_DEV_STATS, dss))
    return (fbytes(T_RM_STEP_STATS, b''.join(devs)) +
            b''.join(fbytes(T_RM_PARTITION_GRAPHS, g) for g in graphs))


# --- serving (--shape serving) ---------------------------------------------

# (op type, outputs (lo, hi), inputs (lo, hi))
SERVING_OPS = [
    ('MatMul', (1, 1), (2, 2)), ('MatMul', (1, 1), (2, 2)),
    ('BiasAdd', (1, 1), (2, 2)), ('AddV2', (1, 1), (2, 2)),
    ('Softmax', (1, 1), (1, 1)), ('Tanh', (1, 1), (1, 1)),
    ('Reshape', (1, 1), (2, 2)), ('Transpose', (1, 1), (2, 2)),
    ('GatherV2', (1, 1), (3, 3)), ('Mean', (1, 1), (2, 2)),
    ('ConcatV2', (1, 1), (4, 16)), ('AddN', (1, 1), (3, 8)),
    ('Split', (2, 12), (2, 2)), ('Unpack', (2, 8), (1, 1)),
    ('Const', (1, 1), (0, 0)), ('Const', (1, 1), (0, 0)),
]
SERVING_SCOPES = ['attention/self/query', 'attention/self/key',
                  'attention/self/value', 'attention/output/dense',
                  'intermediate/dense', 'output/dense', 'output/LayerNorm']
SERVING_THREADS = 32


class ServingGen(Gen):
  devices = ['/job:localhost/replica:0/task:0/device:CPU:0']
  pool_size = 96

  def serving_op(self, i):
    rng = self.rng
    op, (out_lo, out_hi), (in_lo, in_hi) = rng.choice(SERVING_OPS)
    name = 'bert/encoder/layer_%d/%s/%s_%d' % (
        (i // 400) % 24, rng.choice(SERVING_SCOPES), op, i)
    pool = self.recent[0]
    inputs = [pool[-1 - min(int(rng.expovariate(0.1)), len(pool) - 1)]
              for _ in range(rng.randint(in_lo, in_hi)) if pool]
    label = '%s = %s(%s)' % (name, op, ', '.join(inputs))
    dur = int(rng.lognormvariate(1.5, 1.2)) + 1
    # Ops of all the threads overlap: the clock moves on by a fraction
    # of each one.
    start = self.clock[0] + rng.randrange(0, 4)
    self.clock[0] = start + max(1, dur // 12)
    out, total = self.outputs(0, name, rng.randint(out_lo, out_hi), b'cpu')
    self.node(0, name.encode(), start, dur, label.encode(), out,
              self.memory(b'cpu', total) if total else b'',
              thread=rng.randrange(SERVING_THREADS))

  def run(self):
    i = 0
    while self.count < self.n:
      self.serving_op(i)
      i += 1


# --- partition graphs (--graph) ---------------------------------------------

def node_def(name, op, inputs, device, attrs=()):
  b = fbytes(T_ND_NAME, name.encode()) + fbytes(T_ND_OP, op.encode())
  b += b''.join(fbytes(T_ND_INPUT, i.encode()) for i in inputs)
  b += fbytes(T_ND_DEVICE, device.encode())
  for key, value in attrs:
    b += fbytes(T_ND_ATTR, fbytes(T_ATTR_KEY, key.encode()) +
                fbytes(T_ATTR_VALUE, fbytes(T_AV_S, value.encode())))
  return b


def strip_partition_suffix(name):
  """The tensor a label input names, as timeline.py reads 'x/_12'."""
  cut = name.rfind('/_')
  return name[:cut] if cut > 0 else name


class GraphGen(object):
  """Partition graphs for the ops of a Gen, from a generator of their own."""

  def __init__(self, gen, seed):
    self.gen = gen
    self.rng = random.Random(seed ^ 0x5eed)
    self.parts = {d: [] for d in range(D_CPU + 1)}   # device -> NodeDefs
    self.device_of = {}                              # op name -> device
    self.pairs = {}                                  # (tensor, device) -> Recv name
    self.n_pairs = 0
    self.recent = {d: [] for d in range(D_CPU + 1)}  # tensors, for extra inputs
    self.recv_runs = []                              # (device, name, start)

  def transfer(self, tensor, src, dst, consumer_start):
    key = (tensor, dst)
    if key in self.pairs:
      return self.pairs[key]
    m = self.n_pairs
    self.n_pairs += 1
    node = tensor.split(':')[0]
    send, recv = '%s/_%d' % (node, 2 * m), '%s/_%d' % (node, 2 * m + 1)
    attrs = [('tensor_name', 'edge_%d_%s' % (m, tensor)),
             ('send_device', DEVICES[src]), ('recv_device', DEVICES[dst])]
    self.parts[src].append(node_def(send, '_Send', [tensor], DEVICES[src], attrs))
    self.parts[dst].append(node_def(recv, '_Recv', [], DEVICES[dst], attrs))
    if self.rng.random() < 0.4:
      self.recv_runs.append((dst, recv, consumer_start - 2))
    self.pairs[key] = recv
    return recv

  def op(self, dev, name, op, inputs, n_out, start):
    rng = self.rng
    self.device_of[name] = dev
    graph_inputs = []
    for x in inputs:
      control = x.startswith('^')
      tensor = strip_partition_suffix(x.lstrip('^'))
      src = self.device_of.get(tensor.split(':')[0])
      if src is None or rng.random() < 0.05:
        continue                 # a label input the graph does not have
      if control:
        graph_inputs.append('^' + tensor.split(':')[0])
      elif src != dev:
        graph_inputs.append(self.transfer(tensor, src, dev, start))
      else:
        graph_inputs.append(tensor)
    pool = self.recent[dev]
    if pool and rng.random() < 0.05:
      graph_inputs.append(rng.choice(pool))    # an input the label does not name
    if rng.random() < 0.03:
      return                                   # ran, but missing from the graph
    self.parts[dev].append(node_def(name, op, graph_inputs, DEVICES[dev]))
    outputs = [name] + ['%s:%d' % (name, k) for k in range(1, n_out)]
    for k, tensor in enumerate(outputs):
      pool.append(tensor)
      if rng.random() < 0.05:
        # Never ran: a consumer, sometimes feeding another that never ran.
        ghost = '%s/ghost_%d' % (name, k)
        self.parts[dev].append(node_def(ghost, 'Identity', [tensor], DEVICES[dev]))
        if rng.random() < 0.5:
          self.parts[dev].append(node_def(ghost + '/more', 'Identity',
                                          [ghost, '^' + name], DEVICES[dev]))
    if len(pool) > 24:
      del pool[:8]

  def run(self):
    for args in self.gen.ops:
      self.op(*args)
    # Recvs that ran are ops of their device, listed after the others.
    for dev, name, start in self.recv_runs:
      self.gen.node(dev, name.encode(), start, 1,
                    ('%s = _Recv()' % name).encode())
    return [b''.join(fbytes(T_GD_NODE, n) for n in self.parts[d])
            for d in sorted(self.parts)]


def check(data, n, devices):
  """Parses the output with the generated bindings."""
  sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                  '..', 'tests', 'tools'))
  sys.dont_write_bytecode = True
  import timeline_ref
  _, pb = timeline_ref.load()
  rm = pb.RunMetadata.FromString(data)
  assert rm.SerializeToString() == data, 'round trip differs'
  nodes = sum(len(d.node_stats) for d in rm.step_stats.dev_stats)
  assert [d.device for d in rm.step_stats.dev_stats] == devices
  assert n <= nodes < n + 8, nodes
  print('check: %d nodes, round trip identical' % nodes)


def main():
  ap = argparse.ArgumentParser(
      description='Writes a large, realistic RunMetadata for benchmarks.')
  ap.add_argument('--seed', type=int, default=20260101)
  ap.add_argument('--graph', action='store_true',
                  help='also write partition_graphs (for the lifetimes tests)')
  ap.add_argument('--shape', choices=('training', 'serving'), default='training',
                  help='a 4-GPU training step or a CPU serving one')
  ap.add_argument('--check', action='store_true',
                  help='parse the result back with the protobuf bindings')
  ap.add_argument('n', type=int)
  ap.add_argument('out')
  args = ap.parse_args()
  if args.graph and args.shape != 'training':
    ap.error('--graph needs --shape training')
  g = (ServingGen if args.shape == 'serving' else Gen)(args.n, args.seed)
  g.run()
  graphs = GraphGen(g, args.seed).run() if args.graph else ()
  data = g.run_metadata(graphs)
  tmp = args.out + '.tmp'
  with open(tmp, 'wb') as f:
    f.write(data)
  os.replace(tmp, args.out)
  counts = ', '.join('%s %d' % (d.rsplit('/', 1)[-1], len(n))
                     for d, n in zip(g.devices, g.nodes))
  print('%s: %d nodes, %.1f MB (%s)' % (args.out, g.count,
                                        len(data) / 1e6, counts))
  if args.check:
    check(data, args.n, g.devices)


if __name__ == '__main__':
  main()
